import '../apps/web/src/shared/i18n/index.ts';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type ApiPath } from '@bp/contract';
import { startTestServer, type TestServer } from '../apps/server/src/test/harness.ts';
import { session } from '../apps/web/src/shared/session/session.ts';
import { ApiError, call } from '../apps/web/src/shared/api/request.ts';
import { apiSettings } from '../apps/web/src/shared/api/transport.ts';
import { MemoryStorage, recordScreen } from '../apps/web/src/shared/api/test-network.ts';
import { walletApi } from '../apps/web/src/features/wallet/api.ts';

/** The receipt upload goes through the common path (signed, on a site that requires it) to the real server. */

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
let s: TestServer;

beforeAll(async () => {
  (globalThis as { localStorage?: Storage }).localStorage = new MemoryStorage();
  s = await startTestServer();
  const m = await s.member();
  session.start({ token: m.token, memberId: m.memberId, expireAt: Date.now() + 3_600_000 });
  // From here on every guarded call must be signed: the upload is too.
  await s.siteConfig.set(1, 'require_signature', '1');
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  apiSettings.baseUrl = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  session.clear();
  apiSettings.baseUrl = '';
  await s?.close();
});

// A real server on two shared cores: starting it and the first calls take their time.
describe('the transfer receipt through the common path', { timeout: 30_000 }, () => {
  it('[S7-13] uploads a PNG for a speedPay order, signed, and the order then has its proof', async () => {
    recordScreen();
    const bank = (await walletApi.payTypes()).find((p) => p.kind === 'bank')!;
    const order = await call('/api/wallet/pay/payVal', { payTypeId: bank.payTypeId, amount: 300 }, { idempotencyKey: `up-${Date.now()}` });
    expect(order.hasProof).toBe(false);
    const updated = await walletApi.uploadProof(order.orderId, new File([PNG], 'receipt.png', { type: 'image/png' }));
    expect(updated).toMatchObject({ orderId: order.orderId, hasProof: true });
    expect((await walletApi.deposit(order.orderId)).hasProof).toBe(true);
  });

  it('[S8-18] rejects a failed upload: a file that is no image, an unknown order, a path the server does not take uploads on', async () => {
    recordScreen();
    const fake = new File([new TextEncoder().encode('not an image')], 'receipt.png', { type: 'image/png' });
    await expect(walletApi.uploadProof(1, fake)).rejects.toMatchObject({ code: Errors.PROOF_INVALID.code });
    await expect(walletApi.uploadProof(999_999, new File([PNG], 'r.png', { type: 'image/png' }))).rejects.toMatchObject({ code: Errors.ORDER_NOT_FOUND.code });
    const form = new FormData();
    form.append('file', new File([PNG], 'r.png', { type: 'image/png' }));
    const missing = call('/api/wallet/speedPay/nowhere' as ApiPath, {}, { silent: true, form });
    await expect(missing).rejects.toBeInstanceOf(ApiError);
  });
});
