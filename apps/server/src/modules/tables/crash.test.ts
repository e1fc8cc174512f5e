import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { placeOfItsOwn, spawnServer, type ChildServer } from '../../test/child-server.ts';
import { expectLedgerSound, newKey } from '../wallet/testing.ts';
import { betReturn } from './games/index.ts';
import type { TableOutcome } from '@bp/contract';

/**
 * A dealing server killed with SIGKILL between taking bets and paying them: once while the round
 * still takes bets (its outcome never drawn: the next life voids it and refunds every stake), once
 * after the deal was stored and before the payout (the next life pays from the stored outcome).
 * Nothing is lost or paid twice, and the ledger audit is clean.
 */
const place = placeOfItsOwn('tkill');

const SPEED = '2';
const FUNDS = 1000;

async function post(server: ChildServer, url: string, body: object, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${url}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
  return (await res.json()) as { code: number; data: any; msg: string };
}

/** Waits on a child's table state until `ready` holds. */
async function until(server: ChildServer, ready: (round: any) => boolean, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    const state = await post(server, '/api/tables/state', { tableId: 'bac1' });
    if (state.code === 0 && ready(state.data.table.round)) return { round: state.data.table.round, serverTime: state.data.serverTime as number };
    if (Date.now() > end) throw new Error('waited in vain');
    await sleep(50);
  }
}

/** Every member bets 10 on the player and 10 on the banker in a fresh betting window; answers the round. */
async function betEach(server: ChildServer, tokens: string[]) {
  const { round } = await until(server, (r) => r.status === 'betting' && r.closesAt - Date.now() > 3_000);
  for (const token of tokens) {
    const bet = await post(
      server,
      '/api/tables/bet',
      {
        tableId: 'bac1',
        roundNo: round.roundNo,
        bets: [
          { spot: 'player', amount: 10 },
          { spot: 'banker', amount: 10 },
        ],
      },
      { authorization: `Bearer ${token}`, 'idempotency-key': newKey() },
    );
    expect(bet.code, bet.msg).toBe(0);
  }
  return round as { roundNo: number; revealAt: number };
}

const agOf = async (s: TestServer, memberId: number) =>
  BigInt(
    (
      (await s.deps.db.execute(sql`SELECT balance::text AS b FROM venue_sandbox_wallets WHERE api_name = 'AG' AND player_id = ${memberId}`)).rows[0] as {
        b: string;
      }
    ).b,
  );

describe('a dealing server killed with SIGKILL', () => {
  it('mid-round: a round never dealt is refunded, a dealt one is paid from its stored outcome, each once', async () => {
    let s = await startTestServer(place);
    const members = [await s.member(), await s.member(), await s.member()];
    for (const m of members) {
      const pay = await s.call('/api/wallet/pay/types', {}, { token: m.token });
      const payTypeId = pay.data.find((t: { kind: string }) => t.kind === 'sandbox').payTypeId;
      expect((await s.call('/api/wallet/pay/payVal', { payTypeId, amount: FUNDS }, { token: m.token, key: newKey() })).code).toBe(0);
      expect((await s.call('/api/wallet/transfer', { api_name: 'AG', amount: FUNDS, transfer_out: false }, { token: m.token, key: newKey() })).code).toBe(0);
    }
    await s.close();
    const login = async (server: ChildServer) =>
      Promise.all(members.map(async (m) => (await post(server, '/api/member/login/v3', { name: m.name, password: m.password })).data.token as string));

    // Second life: bets taken, then killed while the round still takes bets.
    let child = await spawnServer(place, { RUN_JOBS: 'on', TABLES_SPEED: SPEED });
    const never = await betEach(child, await login(child));
    await child.kill();
    // Third life, after that round's dealing time: it voids it; bets on the next, killed once the deal is stored.
    while (Date.now() < never.revealAt + 200) await sleep(100);
    child = await spawnServer(place, { RUN_JOBS: 'on', TABLES_SPEED: SPEED });
    const dealtRound = await betEach(child, await login(child));
    await until(child, (r) => r.roundNo === dealtRound.roundNo && r.status === 'dealt', 20_000);
    await child.kill();

    // Fourth life: pays the dealt round from what was stored.
    s = await startTestServer({ ...place, runJobs: true });
    try {
      await expect
        .poll(
          async () => (await s.deps.db.execute(sql`SELECT status FROM dealer_rounds WHERE table_id = 'bac1' AND round_no = ${dealtRound.roundNo}`)).rows[0],
          {
            timeout: 30_000,
          },
        )
        .toEqual({ status: 'settled' });
      const rounds = await s.deps.db.execute(sql`
        SELECT round_no::int AS n, status, outcome FROM dealer_rounds WHERE table_id = 'bac1' AND round_no IN (${never.roundNo}, ${dealtRound.roundNo}) ORDER BY round_no`);
      const [voided, dealt] = rounds.rows as Array<{ n: number; status: string; outcome: TableOutcome | null }>;
      expect(voided).toMatchObject({ status: 'void', outcome: null });
      const paid = betReturn(
        [
          { spot: 'player', amountMinor: 1000n },
          { spot: 'banker', amountMinor: 1000n },
        ],
        dealt.outcome!,
      );
      for (const m of members) {
        const { rows } = await s.deps.db.execute(sql`
          SELECT round_no::int AS n, status, payout_minor::text AS payout FROM dealer_bets WHERE member_id = ${m.memberId} ORDER BY bet_id`);
        expect(rows).toEqual([
          { n: never.roundNo, status: 'refunded', payout: '2000' },
          { n: dealtRound.roundNo, status: 'settled', payout: String(paid) },
        ]);
        const records = await s.deps.db.execute(
          sql`SELECT status, payout_minor::text AS payout FROM game_rounds WHERE member_id = ${m.memberId} ORDER BY created_at`,
        );
        expect(records.rows).toEqual([
          { status: 'refunded', payout: '2000' },
          { status: 'settled', payout: String(paid) },
        ]);
        expect(await agOf(s, m.memberId)).toBe(BigInt(FUNDS * 100) - 2000n + paid);
      }
      await expectLedgerSound(s);
    } finally {
      await s.close();
    }
  }, 400_000);
});
