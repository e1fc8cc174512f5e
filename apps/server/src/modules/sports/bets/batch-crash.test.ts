import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { callsUntilKilled, placeOfItsOwn } from '../../../test/child-server.ts';
import { expectLedgerSound } from '../../wallet/testing.ts';
import { fund, idemKey, mainBalance, scriptMatch } from '../testing.ts';

/**
 * The batched bet path killed with SIGKILL (issue 18): members' bets go in batches while the
 * server dies; in the next life each acknowledged bet is there once with its stake, nothing is
 * there without its stake, and every key sent again answers its bet or takes it now, once.
 */
const place = placeOfItsOwn('betkill');

const MEMBERS = 12;
const FUNDS = 100_000n;
const STAKE = 10;

/** A call's answer, as the tests read it. */
type Answer = { code: number; data: { orderId: string } };

describe('bets in batches, the server killed with SIGKILL', () => {
  it('[issue 18] the next life has each acknowledged bet once with its stake, and a key sent again takes its bet at most once', async () => {
    let s: TestServer = await startTestServer(place);
    const members = await Promise.all(Array.from({ length: MEMBERS }, () => s.member()));
    for (const m of members) await fund(s, m.memberId, FUNDS);
    const match = await scriptMatch(s);
    const body = { type: 'single', stake: STAKE, selections: [{ selectionId: await match.sel('1x2', 'home'), odds: 2.1 }], acceptOddsChange: true };
    await s.close();

    const sent = await callsUntilKilled<Answer>(place, {
      url: '/api/sports/bet/place',
      body,
      tokens: members.map((m) => m.token),
      key: idemKey,
      acknowledged: 60,
    });

    s = await startTestServer(place);
    try {
      const acknowledged = sent.filter((x) => x.answer?.code === 0).map((x) => x.answer!.data.orderId);
      const { rows } = await s.deps.db.execute(sql`
        SELECT b.order_id, count(t.transfer_id)::int AS stakes FROM sports_bets b
        LEFT JOIN wallet_transfers t ON t.kind = 'bet.stake' AND t.ref = 'bet:' || b.order_id
        WHERE b.member_id IN (${sql.join(
          members.map((m) => sql`${m.memberId}`),
          sql`, `,
        )}) GROUP BY b.order_id`);
      const stored = new Map((rows as Array<{ order_id: string; stakes: number }>).map((r) => [r.order_id, r.stakes]));
      for (const orderId of acknowledged) expect(stored.get(orderId), orderId).toBe(1);
      expect([...stored.values()].every((n) => n === 1)).toBe(true);

      // Every key again: an acknowledged one answers its bet; one cut off answers what committed, or is taken now.
      for (const x of sent) {
        const again = await s.call('/api/sports/bet/place', body, { token: x.token, key: x.key });
        expect(again.code, again.msg).toBe(0);
        if (x.answer?.code === 0) expect(again.data.orderId).toBe(x.answer.data.orderId);
      }
      for (const m of members) {
        const mine = sent.filter((x) => x.token === m.token).length;
        const { rows: bets } = await s.deps.db.execute(sql`SELECT count(*)::int AS n FROM sports_bets WHERE member_id = ${m.memberId}`);
        expect(bets[0]).toEqual({ n: mine });
        expect(await mainBalance(s, m.memberId)).toBe(FUNDS - BigInt(mine * STAKE * 100));
        // What the stake limit reads as open moved with the bets, in the same transactions.
        const { rows: open } = await s.deps.db.execute(
          sql`SELECT coalesce(sum(staked_minor), 0)::text AS staked FROM sports_open_singles WHERE member_id = ${m.memberId}`,
        );
        expect(open[0]).toEqual({ staked: String(mine * STAKE * 100) });
      }
      await expectLedgerSound(s);
    } finally {
      await s.close();
    }
  }, 120_000);
});
