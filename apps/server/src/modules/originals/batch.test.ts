import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors, toMinor } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { rowsOf } from '../../platform/db/index.ts';
import type { AppError } from '../../platform/http/index.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';
import { walletOwner } from '../wallet/index.ts';
import { grantBonus } from '../vip/index.ts';
import { playRounds, type RoundOrder } from './play.ts';

/**
 * The originals' batched rounds (issue 16's speed): members' rounds sent together go in one
 * transaction, each answered alone. The route's own tests (originals.test.ts) run through it too.
 */
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

const ROUTE = '/api/originals/dice/play';
const funded = async (amount: number) => {
  const m = await s.member();
  await w.fund(m.token, amount);
  return m;
};
const order = (memberId: number, amount: number): RoundOrder => ({
  owner: walletOwner({ siteId: 1, currency: 'CNY' }, memberId),
  key: { key: newKey(), route: ROUTE },
  game: 'dice',
  amount,
  params: { target: 50, condition: 'under' },
  stakeMinor: toMinor(amount),
});
const codeOf = (outcome: { ok: boolean; error?: unknown }) => (outcome.ok ? 0 : (outcome.error as AppError).code);
const nonceOf = async (token: string) => (await s.call('/api/originals/seed', {}, { token })).data.nonce as number;
const roundsOf = (memberId: number) =>
  rowsOf<{ round_id: string; stake_minor: string; balance_before: string; balance_after: string }>(
    s.deps.db,
    sql`SELECT round_id, stake_minor::text, balance_before::text, balance_after::text FROM game_rounds WHERE member_id = ${memberId} ORDER BY created_at, round_id`,
  );

describe('a batch of originals rounds', () => {
  it('[issue 16] answers each round alone: a short balance and a key sent with another body are refused beside the rounds taken, and take no nonce', async () => {
    const [rich, poor, again, other] = await Promise.all([funded(100), funded(10), funded(100), funded(100)]);
    const first = order(again.memberId, 5);
    const [earlier] = await playRounds(s.deps.db, [first]);
    expect(earlier.ok).toBe(true);
    const mismatch = order(other.memberId, 5);
    expect((await playRounds(s.deps.db, [mismatch]))[0].ok).toBe(true);

    const short = order(poor.memberId, 20);
    const outcomes = await playRounds(s.deps.db, [order(rich.memberId, 10), short, first, { ...mismatch, amount: 6, stakeMinor: toMinor(6) }]);
    expect(outcomes.map(codeOf)).toEqual([0, Errors.INSUFFICIENT_BALANCE.code, 0, Errors.IDEMPOTENCY_MISMATCH.code]);
    // The repeated key answers its first round and plays nothing more.
    expect(outcomes[2]).toEqual(earlier);
    expect(await nonceOf(again.token)).toBe(1);
    expect(await nonceOf(other.token)).toBe(1);
    // The short round moved nothing and took no nonce: the next round plays nonce 0.
    expect(await nonceOf(poor.token)).toBe(0);
    expect(await roundsOf(poor.memberId)).toEqual([]);
    expect((await w.balance(poor.token)).main).toBe(10);
    // The round taken is recorded with the balance it played from, before and after.
    const [round] = await roundsOf(rich.memberId);
    const played = outcomes[0].ok ? (outcomes[0].value as { roundId: string; nonce: number; balance: number }) : null;
    expect(played?.nonce).toBe(0);
    expect(round).toEqual({ round_id: played!.roundId, stake_minor: '1000', balance_before: '10000', balance_after: String(toMinor(played!.balance)) });
    expect((await w.balance(rich.token)).main).toBe(played!.balance);

    // The refused round's key is free again: with money behind it, the same key plays, at nonce 0.
    await w.fund(poor.token, 10);
    const retried = await playRounds(s.deps.db, [short]);
    expect(retried.map(codeOf)).toEqual([0]);
    expect(retried[0].ok && retried[0].value.nonce).toBe(0);
  });

  it('[issue 16] a round above the stake limit of a bonus still wagering is refused in the batch, beside a round taken, and takes no nonce', async () => {
    const [limited, free] = await Promise.all([funded(5_000), funded(5_000)]);
    const owner = walletOwner({ siteId: 1, currency: 'CNY' }, limited.memberId);
    const welfareId = await s.deps.db.transaction((tx) =>
      grantBonus(tx, { owner, ref: `orig-limit:${limited.memberId}`, amountMinor: 10_000n, multipleX100: 1_000, detail: { title: '测试彩金' } }),
    );
    expect((await w.move('/api/member/welfare/receive', { welfareId }, limited.token)).code).toBe(0);
    // Level 0's most per round while a bonus wagers is 500.
    const outcomes = await playRounds(s.deps.db, [order(limited.memberId, 600), order(free.memberId, 600)]);
    expect(outcomes.map(codeOf)).toEqual([Errors.BONUS_MAX_STAKE.code, 0]);
    expect(await nonceOf(limited.token)).toBe(0);
    expect(await roundsOf(limited.memberId)).toEqual([]);
    expect((await playRounds(s.deps.db, [order(limited.memberId, 500)])).map(codeOf)).toEqual([0]);
  });

  it('[issue 16] members playing at once share transactions; concurrent rounds over one balance never overdraw, each nonce used once, in order', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => funded(10)));
    const limbo = (token: string) =>
      s.call('/api/originals/limbo/play', { amount: 1, targetMultiplier: 1000 }, { token, key: newKey() }).then((res) => ({ ...res, token }));
    // Fourteen rounds each over a balance of ten: most lose, so every balance runs out part-way.
    const answers = await Promise.all(members.flatMap((m) => Array.from({ length: 14 }, () => limbo(m.token))));
    for (const m of members) {
      const mine = answers.filter((a) => a.token === m.token);
      const played = mine.filter((a) => a.code === 0).map((a) => a.data as { nonce: number; payout: number; roundId: string });
      expect(mine.filter((a) => a.code !== 0).every((a) => a.code === Errors.INSUFFICIENT_BALANCE.code)).toBe(true);
      expect(played.length).toBeGreaterThanOrEqual(10);
      expect(played.map((p) => p.nonce).sort((a, b) => a - b)).toEqual(played.map((_, i) => i));
      expect(await nonceOf(m.token)).toBe(played.length);
      const main = (await w.balance(m.token)).main as number;
      expect(main).toBeCloseTo(10 - played.length + played.reduce((sum, p) => sum + p.payout, 0), 2);
      expect(main).toBeGreaterThanOrEqual(0);
      // Each round played from what the one before it left: the records chain without a gap.
      const rounds = await rowsOf<{ balance_before: string; balance_after: string; nonce: number }>(
        s.deps.db,
        sql`SELECT balance_before::text, balance_after::text, (detail->>'nonce')::int AS nonce FROM game_rounds WHERE member_id = ${m.memberId} ORDER BY 3`,
      );
      expect(rounds.map((r) => r.nonce)).toEqual(played.map((_, i) => i));
      rounds.slice(1).forEach((r, i) => expect(r.balance_before).toBe(rounds[i].balance_after));
    }
    // Rounds of different members went in shared transactions (a transaction's rows share its now()).
    const [{ rounds, transactions }] = await rowsOf<{ rounds: number; transactions: number }>(
      s.deps.db,
      sql`SELECT count(*)::int AS rounds, count(DISTINCT created_at)::int AS transactions FROM game_rounds
          WHERE member_id IN (${sql.join(
            members.map((m) => sql`${m.memberId}`),
            sql`, `,
          )})`,
    );
    expect(transactions).toBeLessThan(rounds);
  });
});
