import { sql } from 'drizzle-orm';
import { CHAT_ROOM_STATUS, GIFT_COMBO_WINDOW_MS, fromMinor, shanghaiDay, type ChatMessage, type GiftCard } from '@bp/contract';
import { arrayParam, executePrepared, preparedOneOf, preparedRowsOf, rowsOf, type Db, type Tx } from '../../../platform/db/index.ts';
import { AppError, fail } from '../../../platform/http/index.ts';
import { claimKeys, completeKeys, dropKeys, requestHash, type IdempotencyKey } from '../../../platform/idempotency.ts';
import { clock } from '../../../platform/clock.ts';
import type { Deps } from '../../../platform/deps.ts';
import { giftAccounts, lockBalances, memberAccountKey, postTransfers, type BatchPosted, type BatchPosting, type WalletOwner } from '../../wallet/index.ts';
import type { Outcome } from '../../../platform/batch.ts';
import { postMessages, publishMessage, type Author } from '../chat/messages.ts';
import type { Room } from '../chat/rooms.ts';
import { requireAnchorRoom, type AnchorRoom } from '../anchors/anchors.ts';

interface GiftRow {
  gift_id: unknown;
  gift_type: unknown;
  price: unknown;
  name: string;
  icon: string;
  icon_web: string;
  status: string;
  old_id: unknown;
}

const toGift = (r: GiftRow) => ({
  giftId: Number(r.gift_id),
  giftType: Number(r.gift_type),
  giftPrice: Number(r.price),
  giftName: r.name,
  giftIcon: r.icon,
  giftIconWeb: r.icon_web,
  status: r.status,
  oldId: r.old_id === null ? null : Number(r.old_id),
});
type Gift = ReturnType<typeof toGift>;

/** The gifts on offer (status '1'), in the operator's order. */
export async function giftList(db: Db) {
  const rows = await rowsOf<GiftRow>(
    db,
    sql`SELECT gift_id, gift_type, price, name, icon, icon_web, status, old_id FROM live_gifts WHERE status = '1' ORDER BY sort, gift_id`,
  );
  return { list: rows.map(toGift) };
}

async function activeGift(db: Db, giftId: number): Promise<Gift> {
  const row = await preparedOneOf<GiftRow>(
    db,
    sql`SELECT gift_id, gift_type, price, name, icon, icon_web, status, old_id FROM live_gifts WHERE gift_id = ${giftId}`,
  );
  return row && row.status === '1' ? toGift(row) : fail('GIFT_NOT_FOUND');
}

export interface GiftSend {
  owner: WalletOwner;
  author: Author;
  room: Room;
  giftId: number;
  count: number;
  key: IdempotencyKey;
}

type Sent = { gold: number; combo: number; id: number };
/** What a gift costs (hundredths of a coin) and the anchor's part of it. */
export type Prepared = { anchor: AnchorRoom; gift: Gift; goldMinor: bigint; anchorMinor: bigint };

/** The room's anchor, the gift and the price: all checked before anything moves. */
async function prepare(db: Db, p: GiftSend): Promise<Prepared> {
  if (p.room.anchorRoomId === null) return fail('GIFT_NO_ANCHOR');
  if (p.room.status !== CHAT_ROOM_STATUS.OPEN) fail('CHAT_ROOM_CLOSED');
  const [anchor, gift] = await Promise.all([requireAnchorRoom(db, p.room.anchorRoomId), activeGift(db, p.giftId)]);
  if (anchor.anchorMemberId === p.owner.memberId) fail('GIFT_TO_SELF');
  const goldMinor = BigInt(gift.giftPrice) * 100n * BigInt(p.count);
  return { anchor, gift, goldMinor, anchorMinor: (goldMinor * BigInt(anchor.sharePercent)) / 100n };
}

const goldShort = (err: unknown): never => {
  throw err instanceof AppError && err.key === 'INSUFFICIENT_BALANCE' ? new AppError('GOLD_INSUFFICIENT') : err;
};

/** A gift checked (prepare) and on its way: it goes with the gifts sent at the same time. */
export interface GiftOrder {
  p: GiftSend;
  prepared: Prepared;
}

const requestOf = (p: GiftSend) => ({ chatRoomNo: p.room.chatRoomNo, giftId: p.giftId, count: p.count });

/**
 * For each gift (in that order), a new send id and its combo: the same member's same gift in the
 * same room within the combo window counts up. One round trip; each member gives once per batch.
 * A member's sends take their ids one after another (their gold is locked first), so the last id
 * is the last send (index live_gift_sends_combo).
 */
async function combosAndIds(tx: Tx, orders: GiftOrder[]): Promise<Array<{ id: number; combo: number }>> {
  if (orders.length === 0) return [];
  const since = new Date(clock.now() - GIFT_COMBO_WINDOW_MS);
  const rows = await preparedRowsOf<{ id: unknown; combo: unknown }>(
    tx,
    sql`
    SELECT nextval(pg_get_serial_sequence('live_gift_sends', 'gift_send_id')) AS id,
      coalesce((SELECT CASE WHEN s.created_at >= ${since} THEN s.combo END FROM live_gift_sends s
        WHERE s.member_id = t.member_id AND s.anchor_room_id = t.anchor_room_id AND s.gift_id = t.gift_id
        ORDER BY s.gift_send_id DESC LIMIT 1), 0) + 1 AS combo
    FROM unnest(${arrayParam(
      orders.map((o) => o.p.owner.memberId),
      'bigint[]',
    )}, ${arrayParam(
      orders.map((o) => o.prepared.anchor.anchorRoomId),
      'bigint[]',
    )}, ${arrayParam(
      orders.map((o) => o.p.giftId),
      'bigint[]',
    )}) WITH ORDINALITY AS t(member_id, anchor_room_id, gift_id, n)
    ORDER BY t.n`,
  );
  return rows.map((r) => ({ id: Number(r.id), combo: Number(r.combo) }));
}

/** The member's gold to the house's part (the member's slice of 'gifts') and to the anchor's share, as postings of a batch. */
function giftPostings({ p, prepared }: GiftOrder, sendId: number): BatchPosting[] {
  const ids = giftAccounts(p.owner, prepared.anchor.anchorId);
  const ref = `gift:${sendId}`;
  const houseMinor = prepared.goldMinor - prepared.anchorMinor;
  return [
    ...(houseMinor > 0n ? [{ from: ids.gold, to: ids.house, amountMinor: houseMinor, kind: 'gift.house', ref }] : []),
    ...(prepared.anchorMinor > 0n ? [{ from: ids.gold, to: ids.anchor, amountMinor: prepared.anchorMinor, kind: 'gift.send', ref }] : []),
  ];
}

/** The batch's send rows, in one statement. */
async function insertSends(tx: Tx, given: Array<{ order: GiftOrder; id: number; combo: number }>, now: number): Promise<void> {
  if (given.length === 0) return;
  const col = (type: string, pick: (g: (typeof given)[number]) => string | number) => arrayParam(given.map(pick), type);
  await executePrepared(
    tx,
    sql`
    INSERT INTO live_gift_sends (gift_send_id, member_id, site_id, member_name, anchor_room_id, anchor_id, gift_id, count, gold_minor, anchor_minor, combo, day, created_at)
    SELECT g.*, ${shanghaiDay(now)}::date, ${new Date(now)}::timestamptz
    FROM unnest(${col('bigint[]', (g) => g.id)}, ${col('bigint[]', (g) => g.order.p.owner.memberId)}, ${col('int[]', (g) => g.order.p.owner.siteId)},
      ${col('text[]', (g) => g.order.p.author.memberName)}, ${col('bigint[]', (g) => g.order.prepared.anchor.anchorRoomId)},
      ${col('bigint[]', (g) => g.order.prepared.anchor.anchorId)}, ${col('bigint[]', (g) => g.order.prepared.gift.giftId)}, ${col('int[]', (g) => g.order.p.count)},
      ${col('bigint[]', (g) => g.order.prepared.goldMinor.toString())}, ${col('bigint[]', (g) => g.order.prepared.anchorMinor.toString())},
      ${col('int[]', (g) => g.combo)}) AS g`,
  );
}

const giftCard = ({ p, prepared: { gift, goldMinor } }: GiftOrder, combo: number): GiftCard => ({
  giftId: gift.giftId,
  giftName: gift.giftName,
  giftIcon: gift.giftIcon,
  giftType: gift.giftType,
  count: p.count,
  combo,
  gold: fromMinor(goldMinor),
});

/**
 * Gifts sent together, each of a different member (platform/batch.ts), in one transaction of a
 * fixed number of statements whatever their number, one more per room (issue 14): the keys claimed
 * in the members' turns; the givers' gold locked and read (a gift the gold does not cover is
 * refused before anything moves); each gift's send id and combo; every posting through the
 * ledger's batched posting (wallet_post_transfers: accounts locked in the ledger's order); the send
 * rows; the giftPushes numbered one after another in their rooms' sequences; the keys' answers. A
 * repeated key answers its first result; a refused gift changes nothing and leaves the others be;
 * the room is told after the commit.
 */
export async function sendGifts(deps: Pick<Deps, 'db' | 'bus'>, orders: GiftOrder[]): Promise<Outcome<Sent>[]> {
  const outcomes: Array<Outcome<Sent> | undefined> = new Array(orders.length);
  const refuse = (n: number, error: AppError) => (outcomes[n] = { ok: false, error });
  const pushed = await deps.db.transaction(async (tx) => {
    const claims = await claimKeys<Sent>(
      tx,
      orders.map(({ p }) => ({ memberId: p.owner.memberId, key: p.key.key, hash: requestHash(p.key, requestOf(p)), turn: `live-gift:${p.owner.memberId}` })),
    );
    const fresh: number[] = [];
    claims.forEach((claim, n) => {
      if (claim instanceof AppError) refuse(n, claim);
      else if (!claim.fresh) outcomes[n] = { ok: true, value: claim.response };
      else fresh.push(n);
    });
    const goldKey = (n: number) => memberAccountKey(orders[n].p.owner.memberId, 'gold');
    const gold = await lockBalances(tx, fresh.map(goldKey));
    const covered = fresh.filter((n) =>
      (gold.get(goldKey(n)) ?? 0n) >= orders[n].prepared.goldMinor ? true : (refuse(n, new AppError('GOLD_INSUFFICIENT')), false),
    );
    const sends = (
      await combosAndIds(
        tx,
        covered.map((n) => orders[n]),
      )
    ).map((s, i) => ({ n: covered[i], order: orders[covered[i]], ...s }));
    const postings = sends.map((s) => giftPostings(s.order, s.id));
    const posted = await postTransfers(tx, postings.flat());
    // Every gift was covered, its accounts locked: a refusal here is not a gift's own (the batch goes again one by one).
    const refused = posted.find((r) => !r.ok);
    if (refused && !refused.ok) goldShort(refused.error);
    let next = 0;
    const goldAfter = postings.map((ps) => ((next += ps.length), posted[next - 1] as Extract<BatchPosted, { ok: true }>).posted.fromBalance);
    const now = clock.now();
    await insertSends(tx, sends, now);
    const messages = await pushesByRoom(tx, sends);
    sends.forEach((s, i) => (outcomes[s.n] = { ok: true, value: { gold: fromMinor(goldAfter[i]), combo: s.combo, id: messages[i].id } }));
    await completeKeys(
      tx,
      sends.map((s) => ({ memberId: s.order.p.owner.memberId, key: s.order.p.key.key, response: (outcomes[s.n] as { value: Sent }).value })),
    );
    await dropKeys(
      tx,
      fresh.filter((n) => !outcomes[n]!.ok).map((n) => ({ memberId: orders[n].p.owner.memberId, key: orders[n].p.key.key })),
    );
    return messages;
  });
  for (const message of pushed) await publishMessage(deps, message);
  return outcomes as Outcome<Sent>[];
}

/**
 * Each send's giftPush, numbered in its room's sequence in the order given, and answered in the
 * sends' order. A batch may span rooms: each room's row is taken in the order of the rooms' numbers
 * (chatRoomNo), the same order in every batch, so two batches never wait on each other crosswise.
 */
async function pushesByRoom(tx: Tx, sends: Array<{ order: GiftOrder; combo: number }>): Promise<ChatMessage[]> {
  const byRoom = new Map<string, number[]>();
  sends.forEach((s, i) => {
    const room = s.order.p.room.chatRoomNo;
    byRoom.set(room, [...(byRoom.get(room) ?? []), i]);
  });
  const messages = new Array<ChatMessage>(sends.length);
  for (const room of [...byRoom.keys()].sort()) {
    const at = byRoom.get(room)!;
    const posted = await postMessages(
      tx,
      sends[at[0]].order.p.room,
      at.map((i) => {
        const { order, combo } = sends[i];
        return { msgType: 'giftPush', content: `送出 ${order.prepared.gift.giftName} x${order.p.count}`, author: order.p.author, gift: giftCard(order, combo) };
      }),
    );
    at.forEach((i, j) => (messages[i] = posted[j]));
  }
  return messages;
}

/** The anchor, the gift and the price, checked before the gift joins a batch (nothing moves when one is missing). */
export function giftOrder(db: Db, p: GiftSend): Promise<GiftOrder> {
  return prepare(db, p).then((prepared) => ({ p, prepared }));
}

/** One gift alone: a batch of one. */
export async function sendGift(deps: Pick<Deps, 'db' | 'bus'>, p: GiftSend): Promise<Sent> {
  const [outcome] = await sendGifts(deps, [await giftOrder(deps.db, p)]);
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}
