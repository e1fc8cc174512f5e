import { sql } from 'drizzle-orm';
import { fromMinor } from '@bp/contract';
import { oneOf, rowsOf, type Db, type DbOrTx, type Tx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { once, type IdempotencyKey } from '../../platform/idempotency.ts';
import { clock } from '../../platform/clock.ts';
import { balanceOf, depositedTotal, memberAccount, type WalletOwner } from '../wallet/index.ts';
import { rewardGold } from '../live/index.ts';
import { turnoverToDate } from './turnover.ts';
import { grantBonus, payBonus } from './bonuses.ts';

/**
 * Points (积分): one point per so much valid turnover and per so much deposited (POINT_RATES, in
 * the site's currency), spent in the site's exchange on bonus money (paid at once through the bonus
 * engine, asking its turnover) or gold coins (the live module's). Accrual brings each source's
 * points up to its cumulative figure, once (the move's ref is that figure) under the member's
 * points row lock, so concurrent reads and exchanges never count twice.
 */
export const POINT_RATES: Record<'CNY' | 'USDT', { turnoverMinor: bigint; depositMinor: bigint }> = {
  CNY: { turnoverMinor: 10_000n, depositMinor: 10_000n },
  USDT: { turnoverMinor: 1_500n, depositMinor: 1_500n },
};
const ratesOf = (currency: string) => POINT_RATES[currency === 'USDT' ? 'USDT' : 'CNY'];

interface ItemRow {
  item_id: number;
  kind: 'money' | 'gold';
  name: string;
  cost_points: number;
  amount_minor: string;
  multiple_x100: number;
  stock: number | null;
  taken: number;
}

/** Takes the member's points row (made on first use) for this transaction; answers its points. */
async function lockPoints(tx: DbOrTx, owner: WalletOwner): Promise<bigint> {
  await tx.execute(sql`INSERT INTO vip_points (member_id, site_id) VALUES (${owner.memberId}, ${owner.siteId}) ON CONFLICT DO NOTHING`);
  const row = await oneOf<{ points: string }>(tx, sql`SELECT points FROM vip_points WHERE member_id = ${owner.memberId} FOR UPDATE`);
  return BigInt(row!.points);
}

/** Brings the member's earned points up to their turnover and deposits to date, inside the caller's transaction. */
async function accrue(tx: Tx, owner: WalletOwner): Promise<bigint> {
  let points = await lockPoints(tx, owner);
  const rates = ratesOf(owner.currency);
  const targets = {
    turnover: (await turnoverToDate(tx, owner.memberId)) / rates.turnoverMinor,
    deposit: (await depositedTotal(tx, owner)) / rates.depositMinor,
  };
  const credited = await rowsOf<{ source: string; total: string }>(
    tx,
    sql`SELECT source, sum(points) AS total FROM vip_point_moves WHERE member_id = ${owner.memberId} AND source IN ('turnover', 'deposit') GROUP BY source`,
  );
  for (const [source, target] of Object.entries(targets)) {
    const gain = target - BigInt(credited.find((c) => c.source === source)?.total ?? 0);
    if (gain <= 0n) continue;
    await tx.execute(sql`
      INSERT INTO vip_point_moves (member_id, site_id, source, ref, points, created_at)
      VALUES (${owner.memberId}, ${owner.siteId}, ${source}, ${String(target)}, ${gain}, ${new Date(clock.now())})`);
    points += gain;
  }
  await tx.execute(sql`UPDATE vip_points SET points = ${points} WHERE member_id = ${owner.memberId}`);
  return points;
}

const itemsOf = (db: DbOrTx, siteId: number) => rowsOf<ItemRow>(db, sql`SELECT * FROM vip_point_items WHERE site_id = ${siteId} ORDER BY sort, item_id`);

const itemView = (i: ItemRow) => ({
  itemId: Number(i.item_id),
  kind: i.kind,
  name: i.name,
  cost: Number(i.cost_points),
  amount: fromMinor(BigInt(i.amount_minor)),
  multiple: i.multiple_x100 / 100,
  left: i.stock === null ? null : Number(i.stock) - Number(i.taken),
});

/** points/info: the member's points (accrued first), how they are earned, and the exchange. */
export async function pointsInfo(db: Db, owner: WalletOwner) {
  const points = await db.transaction((tx) => accrue(tx, owner));
  const rates = ratesOf(owner.currency);
  return {
    points: Number(points),
    turnoverPerPoint: fromMinor(rates.turnoverMinor),
    depositPerPoint: fromMinor(rates.depositMinor),
    items: (await itemsOf(db, owner.siteId)).map(itemView),
  };
}

const TITLES = { turnover: '有效投注获得', deposit: '存款获得', exchange: '兑换' } as const;

/** points/records: every change of the member's points, newest first. */
export async function pointRecords(db: DbOrTx, memberId: number, page: number, size: number) {
  const total = await oneOf<{ n: string }>(db, sql`SELECT count(*) AS n FROM vip_point_moves WHERE member_id = ${memberId}`);
  const rows = await rowsOf<{ move_id: string; source: keyof typeof TITLES; points: string; detail: { name?: string }; created_at: Date | string }>(
    db,
    sql`SELECT * FROM vip_point_moves WHERE member_id = ${memberId} ORDER BY move_id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`,
  );
  return {
    list: rows.map((r) => ({
      moveId: Number(r.move_id),
      source: r.source,
      title: r.source === 'exchange' ? `${TITLES.exchange} ${r.detail.name ?? ''}`.trim() : TITLES[r.source],
      points: Number(r.points),
      createdAt: new Date(r.created_at).getTime(),
    })),
    total: Number(total?.n ?? 0),
  };
}

/**
 * points/exchange: one item for its points, once per key. Under the member's points lock: the
 * points are accrued and taken, the item's stock counted under its own row's lock, then the money
 * paid (a bonus received at once, asking its turnover) or the gold coins given.
 */
export function exchangePoints(db: Db, owner: WalletOwner, key: IdempotencyKey, itemId: number) {
  return once(db, owner.memberId, key, { itemId }, async (tx) => {
    const points = await accrue(tx, owner);
    const item = await oneOf<ItemRow>(tx, sql`SELECT * FROM vip_point_items WHERE item_id = ${itemId} AND site_id = ${owner.siteId} FOR UPDATE`);
    if (!item) return fail('POINTS_ITEM_NOT_FOUND');
    if (item.stock !== null && Number(item.taken) >= Number(item.stock)) return fail('POINTS_ITEM_GONE');
    const cost = BigInt(item.cost_points);
    if (points < cost) return fail('POINTS_NOT_ENOUGH', { msg: `积分不足，还差${cost - points}分`, data: { points: Number(points), cost: Number(cost) } });
    await tx.execute(sql`UPDATE vip_points SET points = points - ${cost} WHERE member_id = ${owner.memberId}`);
    await tx.execute(sql`UPDATE vip_point_items SET taken = taken + 1 WHERE item_id = ${itemId}`);
    const move = await oneOf<{ move_id: string }>(
      tx,
      sql`
      INSERT INTO vip_point_moves (member_id, site_id, source, ref, points, detail, created_at)
      VALUES (${owner.memberId}, ${owner.siteId}, 'exchange', ${key.key}, ${-cost}, ${JSON.stringify({ itemId, name: item.name })}::jsonb, ${new Date(clock.now())})
      RETURNING move_id`,
    );
    const ref = `points:${move!.move_id}`;
    const amountMinor = BigInt(item.amount_minor);
    let gold: number | null = null;
    if (item.kind === 'money') {
      const bonusId = await grantBonus(tx, {
        owner,
        ref,
        amountMinor,
        multipleX100: item.multiple_x100,
        detail: { title: `积分兑换 ${item.name}` },
        source: 'points',
        expiresAt: null,
      });
      await payBonus(tx, owner, bonusId);
    } else {
      gold = fromMinor(await rewardGold(tx, owner, amountMinor, ref));
    }
    return {
      points: Number(points - cost),
      kind: item.kind,
      amount: fromMinor(amountMinor),
      main: fromMinor(await balanceOf(tx, await memberAccount(tx, owner))),
      gold,
    };
  });
}
