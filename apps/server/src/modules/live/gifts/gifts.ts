import { sql } from 'drizzle-orm';
import { CHAT_ROOM_STATUS, GIFT_COMBO_WINDOW_MS, fromMinor, shanghaiDay, type ChatMessage, type GiftCard } from '@bp/contract';
import { oneOf, rowsOf, type Db, type Tx } from '../../../platform/db/index.ts';
import { AppError, fail } from '../../../platform/http/index.ts';
import { claimKey, completeKey, requestHash, type IdempotencyKey } from '../../../platform/idempotency.ts';
import { clock } from '../../../platform/clock.ts';
import type { Deps } from '../../../platform/deps.ts';
import {
  GOLD,
  anchorAccountKey,
  goldAccounts,
  houseAccount,
  houseSliceKey,
  lockAccounts,
  memberAccountKey,
  postTransfer,
  type WalletOwner,
} from '../../wallet/index.ts';
import type { Outcome } from '../../../platform/batch.ts';
import { postMessage, publishMessage, type Author } from '../chat/messages.ts';
import { requireRoom, type Room } from '../chat/rooms.ts';
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
  const row = await oneOf<GiftRow>(db, sql`SELECT gift_id, gift_type, price, name, icon, icon_web, status, old_id FROM live_gifts WHERE gift_id = ${giftId}`);
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

/** The same member's same gift in the same room within the combo window counts up. */
async function comboOf(tx: Tx, p: GiftSend, anchorRoomId: number): Promise<number> {
  const previous = await oneOf<{ combo: unknown; created_at: unknown }>(
    tx,
    sql`
    SELECT combo, created_at FROM live_gift_sends
    WHERE member_id = ${p.owner.memberId} AND anchor_room_id = ${anchorRoomId} AND gift_id = ${p.giftId}
    ORDER BY created_at DESC, gift_send_id DESC LIMIT 1`,
  );
  const recent = previous && clock.now() - new Date(previous.created_at as string).getTime() <= GIFT_COMBO_WINDOW_MS;
  return recent ? Number(previous.combo) + 1 : 1;
}

const goldShort = (err: unknown): never => {
  throw err instanceof AppError && err.key === 'INSUFFICIENT_BALANCE' ? new AppError('GOLD_INSUFFICIENT') : err;
};

/**
 * The member's gold to the house's part first (the member's slice of 'gifts', so givers do not
 * queue on one row), then to the anchor's share: the anchor's account, which every giver of the
 * room shares, is locked last and held the shortest. Answers the member's gold after.
 */
async function payAnchor(tx: Tx, p: GiftSend, { anchor, goldMinor, anchorMinor }: Prepared, sendId: number): Promise<bigint> {
  const accounts = await goldAccounts(tx, p.owner, anchor.anchorId);
  const ref = `gift:${sendId}`;
  const houseMinor = goldMinor - anchorMinor;
  let goldAfter: bigint | null = null;
  if (houseMinor > 0n) {
    const house = await houseAccount(tx, p.owner.siteId, GOLD, 'gifts', p.owner.memberId);
    goldAfter = (await postTransfer(tx, { from: accounts.gold, to: house, amountMinor: houseMinor, kind: 'gift.house', ref }).catch(goldShort)).fromBalance;
  }
  if (anchorMinor > 0n) {
    goldAfter = (await postTransfer(tx, { from: accounts.gold, to: accounts.anchor!, amountMinor: anchorMinor, kind: 'gift.send', ref }).catch(goldShort))
      .fromBalance;
  }
  return goldAfter!;
}

/** A gift checked (prepare) and on its way: it goes with the gifts sent at the same time. */
export interface GiftOrder {
  p: GiftSend;
  prepared: Prepared;
}
type Given = { sent: Sent; message: ChatMessage | null };

/** The gift's part of a batch, in the batch's transaction: key, combo, send row, gold, giftPush, answer. */
async function give(tx: Tx, { p, prepared }: GiftOrder): Promise<Given> {
  const { anchor, gift, goldMinor, anchorMinor } = prepared;
  const body = { chatRoomNo: p.room.chatRoomNo, giftId: p.giftId, count: p.count };
  const claim = await claimKey<Sent>(tx, p.owner.memberId, p.key.key, requestHash(p.key, body), 'done');
  if (!claim.fresh) return { sent: claim.response, message: null };
  const now = clock.now();
  const combo = await comboOf(tx, p, anchor.anchorRoomId);
  const row = await oneOf<{ gift_send_id: unknown }>(
    tx,
    sql`
    INSERT INTO live_gift_sends (member_id, site_id, member_name, anchor_room_id, anchor_id, gift_id, count, gold_minor, anchor_minor, combo, day, created_at)
    VALUES (${p.owner.memberId}, ${p.owner.siteId}, ${p.author.memberName}, ${anchor.anchorRoomId}, ${anchor.anchorId}, ${gift.giftId}, ${p.count},
      ${goldMinor.toString()}, ${anchorMinor.toString()}, ${combo}, ${shanghaiDay(now)}, ${new Date(now)})
    RETURNING gift_send_id`,
  );
  const goldAfter = await payAnchor(tx, p, prepared, Number(row!.gift_send_id));
  const card: GiftCard = {
    giftId: gift.giftId,
    giftName: gift.giftName,
    giftIcon: gift.giftIcon,
    giftType: gift.giftType,
    count: p.count,
    combo,
    gold: fromMinor(goldMinor),
  };
  const room = await requireRoom(tx, p.room.chatRoomNo);
  const pushed = await postMessage(tx, room, { msgType: 'giftPush', content: `送出 ${gift.giftName} x${p.count}`, author: p.author, gift: card });
  const result: Sent = { gold: fromMinor(goldAfter), combo, id: pushed.id };
  await completeKey(tx, p.owner.memberId, p.key.key, result);
  return { sent: result, message: pushed };
}

/**
 * Gifts sent together, in one transaction (issue 18): every account the batch moves gold between
 * is locked first, in the ledger's order; then each gift goes in a savepoint of its own, so one
 * refused (short of gold, a key used for another gift) changes nothing and leaves the others be.
 * The anchor's account and the room's sequence, which every giver of a room shares, are then
 * taken once per batch rather than once per gift; the room is told after the commit.
 */
export async function sendGifts(deps: Pick<Deps, 'db' | 'bus'>, orders: GiftOrder[]): Promise<Outcome<Sent>[]> {
  const given = await deps.db.transaction(async (tx) => {
    await lockAccounts(
      tx,
      orders.flatMap(({ p, prepared }) => [
        memberAccountKey(p.owner.memberId, 'gold'),
        houseSliceKey(p.owner.siteId, GOLD, 'gifts', p.owner.memberId),
        anchorAccountKey(prepared.anchor.anchorId, p.owner.siteId),
      ]),
    );
    const outcomes: Array<Outcome<Given>> = [];
    for (const order of orders) {
      try {
        outcomes.push({ ok: true, value: await tx.transaction((sp) => give(sp, order)) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcomes.push({ ok: false, error });
      }
    }
    return outcomes;
  });
  for (const g of given) if (g.ok && g.value.message) await publishMessage(deps, g.value.message);
  return given.map((g) => (g.ok ? { ok: true, value: g.value.sent } : g));
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
