import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { callsUntilKilled, placeOfItsOwn } from '../../test/child-server.ts';
import { rowsOf } from '../../platform/db/index.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';
import { buyGold, demoRoom } from './testing.ts';

/**
 * Gifts in batches (issue 14), the server killed with SIGKILL while members give to two rooms at
 * once: in the next life each acknowledged gift is there once, with its gold moved and its
 * giftPush numbered in its own room; nothing is there without the rest of it; every key sent again
 * answers its gift or gives it now, once; each member's gold is what the gifts there left.
 */
const place = placeOfItsOwn('giftkill');

const MEMBERS = 12;
const GOLD = 300;

type Answer = { code: number; msg: string; data: { gold: number; combo: number; id: number } };

describe('gifts in batches, the server killed with SIGKILL', () => {
  it('[issue 14] the next life has each acknowledged gift once with its gold and giftPush in its room, a key sent again gives at most once', async () => {
    let s: TestServer = await startTestServer(place);
    const members = await Promise.all(Array.from({ length: MEMBERS }, () => s.member()));
    const w = caller(s);
    for (const m of members) {
      await w.fund(m.token, GOLD / 10);
      await buyGold(s, m, GOLD / 10);
    }
    const rooms = [await demoRoom(s, '糖糖'), await demoRoom(s, '篮球小美')];
    const like = (await s.call('/api/live/gift/list')).data.list.find((g: { giftPrice: number }) => g.giftPrice === 1);
    await s.close();

    // Half the members give to one room, half to the other: batches span both.
    const roomOf = (token: string) => rooms[members.findIndex((m) => m.token === token) % 2];
    const body = (token: string) => ({ chatRoomNo: roomOf(token).chatRoomNo, giftId: like.giftId, count: 1 });
    const sent = await callsUntilKilled<Answer>(place, {
      url: '/api/member/gift/send',
      body,
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
      const pushes = await rowsOf<{ message_id: unknown; chat_room_no: string; member_id: unknown; seq: unknown }>(
        s.deps.db,
        sql`SELECT message_id, chat_room_no, member_id, seq FROM live_chat_messages WHERE msg_type = 'giftPush' AND member_id IN (${ids})`,
      );
      const byId = new Map(pushes.map((p) => [Number(p.message_id), p]));
      for (const x of sent.filter((y) => y.answer?.code === 0)) {
        const push = byId.get(x.answer!.data.id);
        expect(push, String(x.answer!.data.id)).toBeDefined();
        expect(push!.chat_room_no).toBe(roomOf(x.token).chatRoomNo);
        expect(push!.seq).not.toBeNull();
      }
      // Nothing half there: a send row for every giftPush, each with the gold it cost moved, and no gold moved without its send.
      const [counts] = await rowsOf<{ sends: number; unpaid: number; orphans: number }>(
        s.deps.db,
        sql`
        SELECT (SELECT count(*)::int FROM live_gift_sends WHERE member_id IN (${ids})) AS sends,
          (SELECT count(*)::int FROM live_gift_sends g WHERE g.member_id IN (${ids}) AND g.gold_minor <>
            (SELECT coalesce(sum(t.amount_minor), 0) FROM wallet_transfers t WHERE t.ref = 'gift:' || g.gift_send_id)) AS unpaid,
          (SELECT count(*)::int FROM wallet_transfers t WHERE t.kind LIKE 'gift.%'
            AND NOT EXISTS (SELECT 1 FROM live_gift_sends g WHERE 'gift:' || g.gift_send_id = t.ref)) AS orphans`,
      );
      expect(counts).toEqual({ sends: pushes.length, unpaid: 0, orphans: 0 });

      // Every key again: an acknowledged one answers its gift; one cut off answers what committed, or gives now.
      for (const x of sent) {
        const again = await s.call('/api/member/gift/send', body(x.token), { token: x.token, key: x.key });
        expect(again.code, again.msg).toBe(0);
        if (x.answer?.code === 0) expect(again.data.id).toBe(x.answer.data.id);
      }
      for (const m of members) {
        const mine = sent.filter((x) => x.token === m.token).length;
        const [given] = await rowsOf<{ n: number }>(s.deps.db, sql`SELECT count(*)::int AS n FROM live_gift_sends WHERE member_id = ${m.memberId}`);
        expect(given.n).toBe(mine);
        expect((await s.call('/api/member/gold/balance', {}, { token: m.token })).data.gold).toBe(GOLD - mine);
      }
      await expectLedgerSound(s);
    } finally {
      await s.close();
    }
  }, 180_000);
});
