import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { placeOfItsOwn, spawnServer, type ChildServer } from '../../test/child-server.ts';
import { rowsOf } from '../../platform/db/index.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';
import { SandboxVenue } from '../venue/index.ts';
import { IDLE_HAND_MS } from './play.ts';

/**
 * 抢庄牛牛's server killed with SIGKILL mid-round, twice: with acknowledged hands waiting for their
 * bid and with deals and bids in flight (their transactions cut off or committed, the answer lost).
 * After each restart every acknowledged hold is still there (the hand resumes, or is settled as
 * 不抢 once idle), a repeated key answers what was committed, each hand is settled once, and the
 * KY balance is exactly the funds less the stakes plus the payouts of the records; the audit clean.
 */
const place = placeOfItsOwn('nnkill');

const FUNDS = 1000;
type Answer = { code: number; data: any; msg: string };

async function post(server: ChildServer, url: string, body: object, token?: string, key?: string): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (key) headers['idempotency-key'] = key;
  const res = await fetch(`${server.url}${url}`, { method: 'POST', body: JSON.stringify(body), headers });
  return (await res.json()) as Answer;
}

const deal = (c: ChildServer, token: string, key = newKey()) => post(c, '/api/chess/niuniu/deal', { amount: 10 }, token, key);
const bid = (c: ChildServer, token: string, roundId: string, value: number, key = newKey()) =>
  post(c, '/api/chess/niuniu/bid', { roundId, bid: value }, token, key);
const openHand = async (c: ChildServer, token: string) => (await post(c, '/api/chess/niuniu/info', {}, token)).data.round as { roundId: string } | null;

/** Calls in flight when the server dies: answered or cut off, never awaited for their answer. */
async function killDuring(child: ChildServer, calls: Array<() => Promise<Answer>>): Promise<void> {
  const flying = calls.map((call) => call().catch(() => null));
  await sleep(15);
  await child.kill();
  await Promise.all(flying);
}

/** Every hand of the member settled once, and the KY balance is what its records say. */
async function expectExact(s: TestServer, memberId: number) {
  const hands = await rowsOf<{ status: string }>(s.deps.db, sql`SELECT status FROM chess_niuniu_hands WHERE member_id = ${memberId}`);
  expect(hands.every((h) => h.status === 'settled')).toBe(true);
  const [sum] = await rowsOf<{ n: unknown; stake: unknown; payout: unknown }>(
    s.deps.db,
    sql`SELECT count(*) AS n, coalesce(sum(stake_minor), 0)::text AS stake, coalesce(sum(payout_minor), 0)::text AS payout
        FROM game_rounds WHERE member_id = ${memberId} AND api_name = 'KY' AND status = 'settled'`,
  );
  expect(Number(sum.n)).toBe(hands.length);
  const ky = await new SandboxVenue(s.deps.db, 'KY').balance(memberId);
  expect(ky).toBe(BigInt(FUNDS * 100) - BigInt(sum.stake as string) + BigInt(sum.payout as string));
  const [last] = await rowsOf<{ after: string }>(
    s.deps.db,
    sql`SELECT balance_after::text AS after FROM game_rounds WHERE member_id = ${memberId} AND api_name = 'KY' ORDER BY settled_at DESC LIMIT 1`,
  );
  if (last) expect(BigInt(last.after)).toBe(ky);
  return hands.length;
}

describe('抢庄牛牛 with its server killed by SIGKILL', () => {
  it('mid-round: acknowledged holds survive and are settled once, in-flight deals and bids apply once, nothing is paid twice', async () => {
    let s = await startTestServer(place);
    const w = caller(s);
    const members = await Promise.all([0, 1, 2, 3, 4].map(() => s.member()));
    for (const m of members) {
      await w.fund(m.token, FUNDS);
      expect((await w.move('/api/wallet/transfer', { api_name: 'KY', amount: FUNDS, transfer_out: false }, m.token)).code).toBe(0);
    }
    await s.close();
    const login = (c: ChildServer) =>
      Promise.all(members.map(async (m) => (await post(c, '/api/member/login/v3', { name: m.name, password: m.password })).data.token as string));
    const [waiting, shown, bidding, dealing, idle] = members.map((_, i) => i);

    // Second life: one hand waits for its bid, one is settled, then deals and a bid are cut off.
    let child = await spawnServer(place, { RUN_JOBS: 'on' });
    let tokens = await login(child);
    const kept = await deal(child, tokens[waiting]);
    expect(kept.code, kept.msg).toBe(0);
    const played = await deal(child, tokens[shown]);
    const bidKey = newKey();
    const first = await bid(child, tokens[shown], played.data.roundId, 2, bidKey);
    expect(first.code, first.msg).toBe(0);
    const open = await deal(child, tokens[bidding]);
    const cutBid = newKey();
    const cutDeal = newKey();
    await killDuring(child, [
      () => bid(child, tokens[bidding], open.data.roundId, 3, cutBid),
      () => bid(child, tokens[bidding], open.data.roundId, 3, cutBid),
      () => deal(child, tokens[dealing], cutDeal),
      () => deal(child, tokens[dealing], cutDeal),
    ]);

    // Third life: the waiting hand resumes; every repeated key answers what was committed, once.
    child = await spawnServer(place, { RUN_JOBS: 'on' });
    tokens = await login(child);
    expect((await openHand(child, tokens[waiting]))?.roundId).toBe(kept.data.roundId);
    expect((await bid(child, tokens[waiting], kept.data.roundId, 1)).code).toBe(0);
    expect((await bid(child, tokens[shown], played.data.roundId, 2, bidKey)).data).toEqual(first.data);
    expect((await bid(child, tokens[shown], played.data.roundId, 2)).code).toBe(Errors.NIUNIU_ROUND_OVER.code);
    const again = await bid(child, tokens[bidding], open.data.roundId, 3, cutBid);
    expect(again.code, again.msg).toBe(0);
    expect((await bid(child, tokens[bidding], open.data.roundId, 3, cutBid)).data).toEqual(again.data);
    const redealt = await deal(child, tokens[dealing], cutDeal);
    expect(redealt.code, redealt.msg).toBe(0);
    expect((await openHand(child, tokens[dealing]))?.roundId).toBe(redealt.data.roundId);
    expect((await bid(child, tokens[dealing], redealt.data.roundId, 0)).code).toBe(0);
    const left = await deal(child, tokens[idle]);
    expect(left.code, left.msg).toBe(0);
    await killDuring(child, [() => bid(child, tokens[waiting], kept.data.roundId, 1)]);

    // Fourth life, the idle hand older than its wait: settled as 不抢 as the server starts.
    s = await startTestServer(place);
    const backdate = new Date(Date.now() - IDLE_HAND_MS - 60_000).toISOString();
    await s.deps.db.execute(sql`UPDATE game_rounds SET created_at = ${backdate} WHERE round_id = ${left.data.roundId}`);
    await s.close();
    s = await startTestServer({ ...place, runJobs: true });
    try {
      const [idled] = await rowsOf<{ status: string; member_bid: number }>(
        s.deps.db,
        sql`SELECT status, member_bid FROM chess_niuniu_hands WHERE round_id = ${left.data.roundId}`,
      );
      expect(idled).toEqual({ status: 'settled', member_bid: 0 });
      const counts = [];
      for (const m of members) counts.push(await expectExact(s, m.memberId));
      expect(counts).toEqual([1, 1, 1, 1, 1]);
      await expectLedgerSound(s);
    } finally {
      await s.close();
    }
  }, 300_000);
});
