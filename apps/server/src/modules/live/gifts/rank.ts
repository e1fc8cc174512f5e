import { sql } from 'drizzle-orm';
import { fromMinor, shanghaiDay, shanghaiWeekStartDay, type RankPeriod } from '@bp/contract';
import { oneOf, rowsOf, type Db } from '../../../platform/db/index.ts';
import { clock } from '../../../platform/clock.ts';
import { requireAnchorRoom } from '../anchors/anchors.ts';

/** The first Shanghai day of the period containing now: today, or this week's Monday. */
const periodStart = (period: RankPeriod): string => (period === 'day' ? shanghaiDay(clock.now()) : shanghaiWeekStartDay(clock.now()));

const RANK_SIZE = 20;

/** The room's top givers of the Shanghai day or week, most first (ties: who gave first). */
export async function anchorRank(db: Db, anchorRoomId: number, period: RankPeriod) {
  await requireAnchorRoom(db, anchorRoomId);
  const rows = await rowsOf<{ name: string; gold: unknown }>(
    db,
    sql`
    SELECT max(member_name) AS name, sum(gold_minor) AS gold FROM live_gift_sends
    WHERE anchor_room_id = ${anchorRoomId} AND day >= ${periodStart(period)}::date
    GROUP BY member_id ORDER BY sum(gold_minor) DESC, min(gift_send_id) LIMIT ${RANK_SIZE}`,
  );
  return { list: rows.map((r, i) => ({ rank: i + 1, nickname: r.name, gold: fromMinor(r.gold as string) })) };
}

/** What the anchor received in the period and its share of it (its reward). */
export async function anchorReward(db: Db, anchorRoomId: number, period: RankPeriod) {
  const room = await requireAnchorRoom(db, anchorRoomId);
  const sums = await oneOf<{ gold: unknown; reward: unknown }>(
    db,
    sql`
    SELECT coalesce(sum(gold_minor), 0) AS gold, coalesce(sum(anchor_minor), 0) AS reward FROM live_gift_sends
    WHERE anchor_room_id = ${anchorRoomId} AND day >= ${periodStart(period)}::date`,
  );
  return {
    anchorRoomId,
    nickname: room.nickname,
    period,
    gold: fromMinor(sums?.gold as string),
    share: room.sharePercent,
    reward: fromMinor(sums?.reward as string),
  };
}
