import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { caller } from './testing.ts';

let s: TestServer;
let w: ReturnType<typeof caller>;
beforeAll(async () => {
  s = await startTestServer();
  w = caller(s);
});
afterAll(async () => s?.close());

describe('one deposit order (the order screen reads it again)', () => {
  it('[S7-13] answers the member own speedPay order with the operator account, and follows its state', async () => {
    const m = await s.member();
    const bank = (await s.call('/api/wallet/pay/types', {}, { token: m.token })).data.find((t: { kind: string }) => t.kind === 'bank');
    const created = await w.move('/api/wallet/pay/payVal', { payTypeId: bank.payTypeId, amount: 300 }, m.token);
    expect(created.code, created.msg).toBe(0);
    const read = await s.call('/api/wallet/pay/detail', { orderId: created.data.orderId }, { token: m.token });
    expect(read.code).toBe(0);
    expect(read.data).toEqual(created.data);
    expect(read.data.receive.cardNum).toMatch(/^\d{16,19}$/);

    await s.call('/api/wallet/speedPay/confirm', { orderId: created.data.orderId, payerName: '张三' }, { token: m.token });
    expect((await s.call('/api/wallet/pay/detail', { orderId: created.data.orderId }, { token: m.token })).data.status).toBe('reviewing');
  });

  it("reads another member's order, or one that does not exist, as not found", async () => {
    const owner = await s.member();
    const other = await s.member();
    const bank = (await s.call('/api/wallet/pay/types', {}, { token: owner.token })).data.find((t: { kind: string }) => t.kind === 'bank');
    const created = await w.move('/api/wallet/pay/payVal', { payTypeId: bank.payTypeId, amount: 300 }, owner.token);
    for (const [orderId, token] of [
      [created.data.orderId, other.token],
      [created.data.orderId + 1000, owner.token],
    ] as const) {
      const res = await s.call('/api/wallet/pay/detail', { orderId }, { token });
      expect(res.code).toBe(Errors.ORDER_NOT_FOUND.code);
      expect(res.data).toBeNull();
    }
    expect((await s.call('/api/wallet/pay/detail', { orderId: 'x' }, { token: owner.token })).code).toBe(Errors.VALIDATION.code);
  });
});
