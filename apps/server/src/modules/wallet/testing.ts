import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Answer, TestServer } from '../../test/harness.ts';
import { auditLedger } from './audit.ts';

/** Test helpers of the wallet's HTTP calls (tests only). */
export const newKey = () => `k-${randomBytes(8).toString('hex')}`;
/** A fresh key as a route hands it to the service functions tests call directly. */
export const newIdempotencyKey = (route = '/test') => ({ key: newKey(), route });

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
