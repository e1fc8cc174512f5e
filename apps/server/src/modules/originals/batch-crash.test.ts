import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { toMinor } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { callsUntilKilled, placeOfItsOwn } from '../../test/child-server.ts';
import { rowsOf } from '../../platform/db/index.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';

/**
 * The batched originals killed with SIGKILL (issue 16): members' dice rounds go in batches while
 * the server dies; in the next life each acknowledged round is there once, with its stake, its
 * payout when it won and its record; nothing is there without the rest of it; each member's nonces
 * run without a gap; every key sent again answers its round or plays it now, once.
 */
const place = placeOfItsOwn('origkill');

const MEMBERS = 12;
const FUNDS = 1_000;
const BODY = { amount: 1, target: 50, condition: 'under' };

/** A call's answer, as the tests read it. */
type Answer = { code: number; data: { roundId: string; nonce: number; payout: number } };

describe('originals rounds in batches, the server killed with SIGKILL', () => {
  it('[issue 16] the next life has each acknowledged round once with its money and record, nonces without a gap, and a key sent again plays at most once', async () => {
    let s: TestServer = await startTestServer(place);
    const members = await Promise.all(Array.from({ length: MEMBERS }, () => s.member()));
    const w = caller(s);
    for (const m of members) await w.fund(m.token, FUNDS);
    await s.close();

    const sent = await callsUntilKilled<Answer>(place, {
      url: '/api/originals/dice/play',
      body: BODY,
      tokens: members.map((m) => m.token),
      key: newKey,
      acknowledged: 60,
    });

    s = await startTestServer(place);
    try {
      const ids = sql.join(
        members.map((m) => sql`${m.memberId}`),
        sql`, `,
      );
      const stored = await rowsOf<{ round_id: string; payout: string; stakes: number; paid: string }>(
        s.deps.db,
        sql`
        SELECT r.round_id, r.payout_minor::text AS payout,
          (SELECT count(*)::int FROM wallet_transfers t WHERE t.kind = 'bet.stake.originals' AND t.ref = 'orig:' || r.round_id) AS stakes,
          (SELECT coalesce(sum(amount_minor), 0)::text FROM wallet_transfers t WHERE t.kind = 'bet.payout.originals' AND t.ref = 'orig:' || r.round_id) AS paid
        FROM game_rounds r WHERE r.member_id IN (${ids})`,
      );
      const byId = new Map(stored.map((r) => [r.round_id, r]));
      for (const x of sent.filter((y) => y.answer?.code === 0)) {
        const round = byId.get(x.answer!.data.roundId);
        expect(round, x.answer!.data.roundId).toBeDefined();
        expect(round!.paid).toBe(String(toMinor(x.answer!.data.payout)));
      }
      // Nothing half there: every round has its one stake and its payout; no stake or payout without its round.
      for (const r of stored) expect([r.stakes, r.paid]).toEqual([1, r.payout]);
      const [orphans] = await rowsOf<{ n: number }>(
        s.deps.db,
        sql`
        SELECT count(*)::int AS n FROM wallet_transfers t
        WHERE t.kind LIKE 'bet.%.originals' AND NOT EXISTS (SELECT 1 FROM game_rounds r WHERE 'orig:' || r.round_id = t.ref)`,
      );
      expect(orphans.n).toBe(0);

      // Every key again: an acknowledged one answers its round; one cut off answers what committed, or plays now.
      for (const x of sent) {
        const again = await s.call('/api/originals/dice/play', BODY, { token: x.token, key: x.key });
        expect(again.code, again.msg).toBe(0);
        if (x.answer?.code === 0) expect(again.data.roundId).toBe(x.answer.data.roundId);
      }
      for (const m of members) {
        const mine = sent.filter((x) => x.token === m.token).length;
        const nonces = await rowsOf<{ nonce: number }>(
          s.deps.db,
          sql`SELECT (detail->>'nonce')::int AS nonce FROM game_rounds WHERE member_id = ${m.memberId} ORDER BY 1`,
        );
        expect(nonces.map((r) => r.nonce)).toEqual(Array.from({ length: mine }, (_, i) => i));
        const seed = await s.call('/api/originals/seed', {}, { token: m.token });
        expect(seed.data.nonce).toBe(mine);
      }
      await expectLedgerSound(s);
    } finally {
      await s.close();
    }
  }, 180_000);
});
