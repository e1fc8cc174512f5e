import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Answer, TestServer } from '../../test/harness.ts';
import { auditLedger } from './audit.ts';
import { setOnce } from '../auth/index.ts';
import { setConfig } from '../site/index.ts';

/** Test helpers of the wallet's HTTP calls (tests only). */
export const newKey = () => `k-${randomBytes(8).toString('hex')}`;
/** A fresh key as a route hands it to the service functions tests call directly. */
export const newIdempotencyKey = (route = '/test') => ({ key: newKey(), route });

/** The database's message of a refused statement (Drizzle wraps the driver's error), or null when it went through. */
export const refusalOf = (p: Promise<unknown>): Promise<string | null> =>
  p.then(
    () => null,
    (e: Error) => ((e.cause as Error | undefined) ?? e).message,
  );

/** The wallet's calls a test makes again and again, over the harness's `s.call`. */
export function caller(s: TestServer) {
  /** A money call with a fresh key unless one is given. */
  const move = (url: string, payload: unknown, token: string, key: string = newKey()): Promise<Answer> => s.call(url, payload, { token, key });
  const sandboxPayType = async (token: string, siteHeader: Record<string, string> = {}) => {
    const types = await s.call('/api/wallet/pay/types', {}, { token, headers: siteHeader });
    return types.data.find((t: { kind: string }) => t.kind === 'sandbox').payTypeId as number;
  };
  /** Credits a member through the sandbox gateway (the real deposit path). */
  const fund = async (token: string, amount: number) => {
    const res = await move('/api/wallet/pay/payVal', { payTypeId: await sandboxPayType(token), amount }, token);
    expect(res.code, res.msg).toBe(0);
    return res.data;
  };
  const balance = async (token: string) => (await s.call('/api/wallet/balance', {}, { token })).data;
  /** A fresh token, after a test moved the clock past the session's end. */
  const login = async (m: { name: string; password: string }) =>
    (await s.call('/api/member/login/v3', { name: m.name, password: m.password })).data.token as string;
  return { move, fund, balance, sandboxPayType, login };
}

/** Every ledger invariant holds: balances equal their transfers, sums are zero, no member below zero. */
export async function expectLedgerSound(s: TestServer): Promise<void> {
  const audit = await auditLedger(s.deps.db);
  expect(audit, JSON.stringify(audit)).toMatchObject({ ok: true });
}

/** A unique 16-digit card number passing Luhn. */
export function luhnCard(seed: number): string {
  const body = `622202${String(seed).padStart(9, '0')}`;
  for (let d = 0; d < 10; d++) {
    const digits = body + d;
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let n = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
      sum += n;
    }
    if (sum % 10 === 0) return digits;
  }
  throw new Error('unreachable');
}

/** A member of site 1 with a real name, a withdrawal password 123456, a bank card and `funds` deposited (turnover not asked on the site). */
export async function memberWithCard(s: TestServer, funds: number) {
  await setConfig(s.deps.db, 1, 'withdraw_turnover_multiple', '0');
  const m = await s.member();
  await setOnce(s.deps.db, m.memberId, 'realName', '张三');
  expect((await s.call('/api/wallet/withdrawPassword/set', { password: '123456' }, { token: m.token })).code).toBe(0);
  const card = await s.call('/api/wallet/bankCard/add', { bankCode: 'ICBC', cardNum: luhnCard(m.memberId) }, { token: m.token });
  expect(card.code, card.msg).toBe(0);
  if (funds) await caller(s).fund(m.token, funds);
  return { ...m, cardId: card.data.cardId as number };
}

/** A withdrawal waiting for an operator: a fresh member's, of `amount` out of `funds`. */
export async function pendingWithdrawal(s: TestServer, amount = 100, funds = 300) {
  const m = await memberWithCard(s, funds);
  const order = await caller(s).move('/api/wallet/withdraw/new', { amount, withdrawPassword: '123456', cardId: m.cardId }, m.token);
  expect(order.code, order.msg).toBe(0);
  return { member: m, orderId: order.data.orderId as number, orderNo: order.data.orderNo as string };
}

/** A speedPay (bank transfer) deposit the member says is paid, with a proof picture: it waits for an operator. */
export async function depositUnderReview(s: TestServer, amount = 500) {
  const m = await s.member();
  const types = await s.call('/api/wallet/pay/types', {}, { token: m.token });
  const bank = types.data.find((t: { kind: string }) => t.kind === 'bank');
  const order = (await caller(s).move('/api/wallet/pay/payVal', { payTypeId: bank.payTypeId, amount }, m.token)).data;
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
  const boundary = `----proof${order.orderId}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="orderId"\r\n\r\n${order.orderId}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers = { authorization: `Bearer ${m.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` };
  expect((await s.inject({ method: 'POST', url: '/api/wallet/speedPay/upload', payload, headers })).json().code).toBe(0);
  expect((await s.call('/api/wallet/speedPay/confirm', { orderId: order.orderId, payerName: '张三' }, { token: m.token })).data.status).toBe('reviewing');
  return { member: m, orderId: order.orderId as number };
}
