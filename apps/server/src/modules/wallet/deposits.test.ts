import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { caller, expectLedgerSound, newKey } from './testing.ts';
import { signCallback, SIGNATURE_HEADER } from './pay-callback.ts';
import { channelSecret } from './pay-callback.ts';
import { approveDeposit, confirmChainPayments, rejectDeposit } from './index.ts';
import { DEMO_MEMBER } from '../auth/index.ts';
import { DEMO_WITHDRAW_PASSWORD } from './demo.ts';

let s: TestServer;
let w: ReturnType<typeof caller>;
beforeAll(async () => {
  s = await startTestServer();
  w = caller(s);
});
afterAll(async () => {
  await expectLedgerSound(s);
  await s.close();
});

const payTypeOf = async (token: string, kind: string, site: Record<string, string> = {}) =>
  (await s.call('/api/wallet/pay/types', {}, { token, headers: site })).data.find((t: { kind: string }) => t.kind === kind);

describe('pay types, wallet type, banks', () => {
  it('lists pay types with limits, one of them the sandbox', async () => {
    const m = await s.member();
    const types = await s.call('/api/wallet/pay/types', {}, { token: m.token });
    expect(types.code).toBe(0);
    expect(types.data.map((t: { kind: string }) => t.kind)).toEqual(expect.arrayContaining(['sandbox', 'bank', 'usdt']));
    for (const t of types.data) expect(t.min).toBeLessThan(t.max);
    const banks = await s.call('/api/wallet/bank/list', {}, { token: m.token });
    expect(banks.data).toContainEqual({ bankCode: 'ICBC', bankName: '中国工商银行' });
  });

  it('[S3-22] answers the wallet type RMB on the CNY site and USDT on the USDT site', async () => {
    const cny = await s.member();
    expect((await s.call('/api/wallet/type', {}, { token: cny.token })).data).toEqual({ walletType: 'RMB', currency: 'CNY', symbol: '¥' });
    const usdt = await s.member({ siteId: 2 });
    const type = await s.call('/api/wallet/type', {}, { token: usdt.token, headers: { 'x-site-id': '2' } });
    expect(type.data).toEqual({ walletType: 'USDT', currency: 'USDT', symbol: '₮' });
  });
});

describe('payVal', () => {
  it('the demo member starts with money on both demo sites, and walks a withdrawal at once: nothing to bind, no turnover asked', async () => {
    for (const [site, amount] of [
      ['1', 10_000],
      ['2', 1_000],
    ] as const) {
      const headers = { 'x-site-id': site };
      const login = await s.call('/api/member/login/v3', { name: DEMO_MEMBER.name, password: DEMO_MEMBER.password }, { headers });
      const token = login.data.token;
      const history = await s.call('/api/wallet/queryDealRecord', { page: 1, size: 10, type: 'deposit' }, { token, headers });
      expect(history.data.list[0]).toMatchObject({ type: 'deposit', typeName: '人工存入', detail: '演示账户初始额度', amount });
      const prepare = (await s.call('/api/wallet/withdraw/prepare', {}, { token, headers })).data;
      expect(prepare).toMatchObject({ flow: null, turnoverRemaining: 0, withdrawable: amount });
      const to = site === '1' ? { cardId: prepare.bankCards[0].cardId } : { addressId: prepare.addresses[0].addressId };
      const withdrawal = await s.call(
        '/api/wallet/withdraw/new',
        { amount: 100, withdrawPassword: DEMO_WITHDRAW_PASSWORD, ...to },
        { token, headers, key: newKey() },
      );
      expect(withdrawal.code, withdrawal.msg).toBe(0);
      expect(withdrawal.data).toMatchObject({ amount: 100, status: 'pending' });
      // A deposit through a channel asks its turnover again; the screen says so once, in the site's money.
      const sandbox = (await payTypeOf(token, 'sandbox', headers)).payTypeId;
      expect((await s.call('/api/wallet/pay/payVal', { payTypeId: sandbox, amount: 50 }, { token, headers, key: newKey() })).code).toBe(0);
      const tips = (await s.call('/api/wallet/withdraw/prompt', {}, { token, headers })).data.tips as string[];
      expect(tips.filter((tip) => tip.includes('流水'))).toEqual([`还需完成 ${site === '1' ? '¥' : '₮'}50.00 流水方可提款`]);
    }
  });

  it("tells the member's open clients on user:<memberId> that money arrived", async () => {
    const m = await s.member();
    const frames: Array<{ ch: string; type: string; data: unknown }> = [];
    const stop = s.deps.bus.onFrame((f) => frames.push(f));
    try {
      await w.fund(m.token, 42);
      await expect
        .poll(() => frames.find((f) => f.ch === `user:${m.memberId}`))
        .toMatchObject({ type: 'wallet.balance', data: { main: 42, reason: 'deposit' } });
    } finally {
      stop();
    }
  });

  it('credits a sandbox order at once and shows it in the balance and the order list', async () => {
    const m = await s.member();
    const order = await w.fund(m.token, 250.5);
    expect(order).toMatchObject({ status: 'success', amount: 250.5, kind: 'sandbox' });
    expect((await w.balance(m.token)).main).toBe(250.5);
    const orders = await s.call('/api/wallet/pay/orders', { page: 1, size: 10 }, { token: m.token });
    expect(orders.data.total).toBe(1);
    expect(orders.data.list[0].orderNo).toBe(order.orderNo);
  });

  it('[S5-07] refuses zero, negative, three decimals, strings, below min and above max, moving nothing', async () => {
    const m = await s.member();
    const payTypeId = await w.sandboxPayType(m.token);
    const bad: Array<[unknown, number]> = [
      [0, Errors.VALIDATION.code],
      [-5, Errors.VALIDATION.code],
      [10.005, Errors.VALIDATION.code],
      ['100', Errors.VALIDATION.code],
      [1e300, Errors.VALIDATION.code],
      [5, Errors.AMOUNT_BELOW_MIN.code],
      [50_000.01, Errors.AMOUNT_ABOVE_MAX.code],
    ];
    for (const [amount, code] of bad) {
      const res = await w.move('/api/wallet/pay/payVal', { payTypeId, amount }, m.token);
      expect(res.code, `amount ${amount}`).toBe(code);
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await w.balance(m.token)).main).toBe(0);
    expect((await s.call('/api/wallet/pay/orders', { page: 1, size: 10 }, { token: m.token })).data.total).toBe(0);
  });

  it('refuses a pay type of another site and a call without an idempotency key', async () => {
    const m = await s.member();
    const usdtSite = await s.member({ siteId: 2 });
    const foreign = await payTypeOf(usdtSite.token, 'sandbox', { 'x-site-id': '2' });
    expect((await w.move('/api/wallet/pay/payVal', { payTypeId: foreign.payTypeId, amount: 100 }, m.token)).code).toBe(Errors.PAY_TYPE_UNAVAILABLE.code);
    const noKey = await s.call('/api/wallet/pay/payVal', { payTypeId: await w.sandboxPayType(m.token), amount: 100 }, { token: m.token });
    expect(noKey.code).toBe(Errors.IDEMPOTENCY_KEY_REQUIRED.code);
  });

  it('a repeated key answers the first order and credits once; another body with it is refused', async () => {
    const m = await s.member();
    const payTypeId = await w.sandboxPayType(m.token);
    const key = newKey();
    const first = await w.move('/api/wallet/pay/payVal', { payTypeId, amount: 100 }, m.token, key);
    const again = await w.move('/api/wallet/pay/payVal', { payTypeId, amount: 100 }, m.token, key);
    expect(again.data).toEqual(first.data);
    const other = await w.move('/api/wallet/pay/payVal', { payTypeId, amount: 200 }, m.token, key);
    expect(other.code).toBe(Errors.IDEMPOTENCY_MISMATCH.code);
    const twins = await Promise.all([1, 2, 3].map(() => w.move('/api/wallet/pay/payVal', { payTypeId, amount: 30 }, m.token, 'twin-key-1')));
    expect(new Set(twins.map((t) => t.data.orderId)).size).toBe(1);
    expect((await w.balance(m.token)).main).toBe(130);
  });
});

describe('the gateway callback', () => {
  const notify = (channel: string, body: object, signature: string) =>
    s
      .inject({
        method: 'POST',
        url: `/api/wallet/pay/callback/${channel}`,
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
      })
      .then((r) => r.json());

  it('credits a bank order once on a signed notice, refuses a bad signature, and repeats move nothing', async () => {
    const m = await s.member();
    const bank = await payTypeOf(m.token, 'bank');
    const order = (await w.move('/api/wallet/pay/payVal', { payTypeId: bank.payTypeId, amount: 300 }, m.token)).data;
    expect(order.status).toBe('pending');
    expect(order.receive).toMatchObject({ bankName: '中国工商银行', accountName: '沙箱收款账户' });
    const secret = (await channelSecret(s.deps.db, 'sandbox'))!;
    const body = { orderNo: order.orderNo, gatewayOrderId: 'GW-1', amount: '300.00', status: 'paid' };
    expect((await notify('sandbox', body, 'ab'.repeat(32))).code).toBe(Errors.CALLBACK_SIGNATURE.code);
    expect((await notify('sandbox', { ...body, amount: '3000.00' }, signCallback(secret, JSON.stringify({ ...body, amount: '3000.00' })))).code).toBe(
      Errors.VALIDATION.code,
    );
    expect((await w.balance(m.token)).main).toBe(0);
    const sig = signCallback(secret, JSON.stringify(body));
    const results = await Promise.all([notify('sandbox', body, sig), notify('sandbox', body, sig)]);
    expect(results.map((r) => r.data.status)).toEqual(['success', 'success']);
    expect((await w.balance(m.token)).main).toBe(300);
  });
});

describe('speedPay', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
  const upload = (token: string, orderId: unknown, file: Buffer, type: string) => {
    const boundary = '----proof' + Date.now();
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="orderId"\r\n\r\n${orderId}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof"\r\nContent-Type: ${type}\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return s
      .inject({
        method: 'POST',
        url: '/api/wallet/speedPay/upload',
        payload,
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      })
      .then((r) => r.json());
  };

  it('confirm, proof upload with type and size checked, operator approval credits once', async () => {
    const m = await s.member();
    const bank = await payTypeOf(m.token, 'bank');
    const order = (await w.move('/api/wallet/pay/payVal', { payTypeId: bank.payTypeId, amount: 500 }, m.token)).data;
    expect((await upload(m.token, order.orderId, Buffer.from('not an image'), 'image/png')).code).toBe(Errors.PROOF_INVALID.code);
    expect((await upload(m.token, order.orderId, png, 'image/jpeg')).code).toBe(Errors.PROOF_INVALID.code);
    expect((await upload(m.token, order.orderId, Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]), 'image/png')).code).toBe(Errors.PROOF_INVALID.code);
    const uploaded = await upload(m.token, order.orderId, png, 'image/png');
    expect(uploaded.data.hasProof).toBe(true);
    const confirmed = await s.call('/api/wallet/speedPay/confirm', { orderId: order.orderId, payerName: '张三' }, { token: m.token });
    expect(confirmed.data.status).toBe('reviewing');
    await approveDeposit(s.deps.db, order.orderId, 'arrived');
    await expect(approveDeposit(s.deps.db, order.orderId)).rejects.toMatchObject({ code: Errors.ORDER_STATE.code });
    expect((await w.balance(m.token)).main).toBe(500);
  });

  it("refuses someone else's order in every speedPay call", async () => {
    const owner = await s.member();
    const other = await s.member();
    const bank = await payTypeOf(owner.token, 'bank');
    const order = (await w.move('/api/wallet/pay/payVal', { payTypeId: bank.payTypeId, amount: 200 }, owner.token)).data;
    expect((await s.call('/api/wallet/speedPay/confirm', { orderId: order.orderId, payerName: '李四' }, { token: other.token })).code).toBe(
      Errors.ORDER_NOT_FOUND.code,
    );
    expect((await s.call('/api/wallet/speedPay/cancel', { orderId: order.orderId }, { token: other.token })).code).toBe(Errors.ORDER_NOT_FOUND.code);
    expect((await s.call('/api/wallet/speedPay/appeal', { orderId: order.orderId, reason: '已付款' }, { token: other.token })).code).toBe(
      Errors.ORDER_NOT_FOUND.code,
    );
    expect((await upload(other.token, order.orderId, png, 'image/png')).code).toBe(Errors.ORDER_NOT_FOUND.code);
  });

  it('a rejected order can be appealed once and then approved; cancels stop at the daily limit', async () => {
    const m = await s.member();
    const bank = await payTypeOf(m.token, 'bank');
    const order = (await w.move('/api/wallet/pay/payVal', { payTypeId: bank.payTypeId, amount: 100 }, m.token)).data;
    await s.call('/api/wallet/speedPay/confirm', { orderId: order.orderId, payerName: '王五' }, { token: m.token });
    await rejectDeposit(s.deps.db, order.orderId, 'no money');
    const appealed = await s.call('/api/wallet/speedPay/appeal', { orderId: order.orderId, reason: '我已转账，请核实' }, { token: m.token });
    expect(appealed.data).toMatchObject({ status: 'appealing', appealReason: '我已转账，请核实' });
    expect((await s.call('/api/wallet/speedPay/appeal', { orderId: order.orderId, reason: '再次申诉' }, { token: m.token })).code).toBe(
      Errors.ORDER_STATE.code,
    );
    await approveDeposit(s.deps.db, order.orderId);
    expect((await w.balance(m.token)).main).toBe(100);

    expect((await s.call('/api/wallet/speedPay/cancelCount', {}, { token: m.token })).data).toEqual({ used: 0, limit: 3, remaining: 3 });
    const orders = [];
    for (let i = 0; i < 4; i++) orders.push((await w.move('/api/wallet/pay/payVal', { payTypeId: bank.payTypeId, amount: 100 }, m.token)).data);
    for (const o of orders.slice(0, 3))
      expect((await s.call('/api/wallet/speedPay/cancel', { orderId: o.orderId }, { token: m.token })).data.status).toBe('cancelled');
    expect((await s.call('/api/wallet/speedPay/cancel', { orderId: orders[3].orderId }, { token: m.token })).code).toBe(Errors.CANCEL_LIMIT.code);
    expect((await s.call('/api/wallet/speedPay/cancelCount', {}, { token: m.token })).data).toEqual({ used: 3, limit: 3, remaining: 0 });
  });
});

describe('USDT pay', () => {
  it('answers an address, network and USDT sum; the sandbox chain confirms once', async () => {
    const m = await s.member({ siteId: 2 });
    const site = { 'x-site-id': '2' };
    const trc = await payTypeOf(m.token, 'usdt', site);
    const res = await s.call('/api/wallet/usdt/pay', { payTypeId: trc.payTypeId, amount: 20 }, { token: m.token, key: newKey(), headers: site });
    expect(res.data.status).toBe('pending');
    expect(res.data.receive.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(res.data.receive).toMatchObject({ network: 'TRC20', usdtAmount: 20 });
    expect(await confirmChainPayments(s.deps.db, 0)).toBeGreaterThanOrEqual(1);
    expect(await confirmChainPayments(s.deps.db, 0)).toBe(0);
    const balance = (await s.call('/api/wallet/balance', {}, { token: m.token, headers: site })).data;
    expect(balance).toMatchObject({ currency: 'USDT', main: 20 });
    const { rows } = await s.deps.db.execute(sql`SELECT gateway_order_id FROM wallet_deposit_orders WHERE order_id = ${res.data.orderId}`);
    expect((rows[0] as { gateway_order_id: string }).gateway_order_id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('converts at the site rate on the CNY site, rounding the USDT sum up', async () => {
    const m = await s.member();
    const erc = (await s.call('/api/wallet/pay/types', {}, { token: m.token })).data.find((t: { network: string }) => t.network === 'ERC20');
    const res = await s.call('/api/wallet/usdt/pay', { payTypeId: erc.payTypeId, amount: 1000 }, { token: m.token, key: newKey() });
    expect(res.data.receive).toMatchObject({ network: 'ERC20', usdtAmount: 138.89 });
    expect(res.data.receive.address).toMatch(/^0x[0-9a-f]{40}$/);
  });
});
