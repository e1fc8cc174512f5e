import { sql } from 'drizzle-orm';
import { fromMinor, type ActivityKind } from '@bp/contract';
import { oneOf, rowsOf, type Db, type DbOrTx, type Tx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { once, type IdempotencyKey } from '../../platform/idempotency.ts';
import { clock } from '../../platform/clock.ts';
import { balanceOf, memberAccount, type WalletOwner } from '../wallet/index.ts';
import { bonusStatuses, grantBonus, payBonus } from '../vip/index.ts';
import type { ActivityRow } from './activities.ts';

export interface PrizeWon {
  kind: 'money' | 'points' | 'gold' | 'none';
  amountMinor: bigint;
  name: string;
}
export const NO_PRIZE: PrizeWon = { kind: 'none', amountMinor: 0n, name: '谢谢参与' };

interface RecordRow {
  record_id: string;
  prize_kind: PrizeWon['kind'];
  prize_name: string;
  amount_minor: string;
  bonus_id: string | null;
  detail: Record<string, string | number>;
  created_at: Date | string;
}

export const prizeView = (p: { kind: PrizeWon['kind']; amountMinor: bigint | string; name: string }) => ({
  kind: p.kind,
  amount: fromMinor(p.amountMinor),
  name: p.name,
});

/**
 * Writes a member's record in an activity once per `ref` (null when it exists: a race or a repeat
 * lost) and, for a money prize, its bonus through the vip module's bonus engine: pending in the
 * welfare centre until received, asking `multipleX100` of turnover.
 */
export async function writeRecord(
  tx: DbOrTx,
  a: ActivityRow,
  owner: WalletOwner,
  r: { ref: string; prize: PrizeWon; multipleX100: number; detail: Record<string, string | number> },
): Promise<number | null> {
  const row = await oneOf<{ record_id: string }>(
    tx,
    sql`
    INSERT INTO promo_records (activity_id, member_id, site_id, ref, prize_kind, prize_name, amount_minor, detail, created_at)
    VALUES (${a.activity_id}, ${owner.memberId}, ${owner.siteId}, ${r.ref}, ${r.prize.kind}, ${r.prize.name}, ${r.prize.amountMinor},
            ${JSON.stringify(r.detail)}::jsonb, ${new Date(clock.now())})
    ON CONFLICT (activity_id, member_id, ref) DO NOTHING RETURNING record_id`,
  );
  if (!row) return null;
  const recordId = Number(row.record_id);
  if (r.prize.kind === 'money' && r.prize.amountMinor > 0n) {
    const bonusId = await grantBonus(tx, {
      owner,
      ref: `promo:${recordId}`,
      amountMinor: r.prize.amountMinor,
      multipleX100: r.multipleX100,
      detail: { title: `${a.title}：${r.prize.name}`, activityId: a.activity_id, recordId },
    });
    await tx.execute(sql`UPDATE promo_records SET bonus_id = ${bonusId} WHERE record_id = ${recordId}`);
  }
  return recordId;
}

/** A member's records in the activity of `kind`, newest first, with each prize's status. */
export async function listRecords(db: DbOrTx, memberId: number, siteId: number, kind: ActivityKind, page: number, size: number) {
  const where = sql`r.member_id = ${memberId} AND r.activity_id = (SELECT activity_id FROM promo_activities WHERE site_id = ${siteId} AND kind = ${kind})`;
  const rows = await rowsOf<RecordRow>(
    db,
    sql`SELECT r.* FROM promo_records r WHERE ${where} ORDER BY r.record_id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`,
  );
  const counted = await oneOf<{ total: string }>(db, sql`SELECT count(*) AS total FROM promo_records r WHERE ${where}`);
  const statuses = await bonusStatuses(
    db,
    memberId,
    rows.flatMap((r) => (r.bonus_id === null ? [] : [Number(r.bonus_id)])),
  );
  return {
    list: rows.map((r) => ({
      recordId: Number(r.record_id),
      prize: prizeView({ kind: r.prize_kind, amountMinor: r.amount_minor, name: r.prize_name }),
      status: r.bonus_id === null ? ('none' as const) : (statuses.get(Number(r.bonus_id)) ?? 'pending'),
      createdAt: new Date(r.created_at).getTime(),
      detail: r.detail,
    })),
    total: Number(counted?.total ?? 0),
  };
}

/** Receives a record's money prize into the main wallet, once (the bonus's status change is the claim). */
export function receiveRecord(db: Db, owner: WalletOwner, kind: ActivityKind, key: IdempotencyKey, recordId: number) {
  return once(db, owner.memberId, key, { recordId }, async (tx) => {
    const r = await oneOf<{ bonus_id: string | null }>(
      tx,
      sql`
      SELECT r.bonus_id FROM promo_records r JOIN promo_activities a ON a.activity_id = r.activity_id
      WHERE r.record_id = ${recordId} AND r.member_id = ${owner.memberId} AND a.kind = ${kind}`,
    );
    if (!r) return fail('RECORD_NOT_FOUND');
    if (r.bonus_id === null) return fail('PRIZE_NOTHING');
    return payPrize(tx, owner, Number(r.bonus_id));
  });
}

/** Pays a record's bonus into the main wallet, refused when it was received or expired (the caller's transaction). */
export async function payPrize(tx: Tx, owner: WalletOwner, bonusId: number) {
  const paid = await payBonus(tx, owner, bonusId);
  if (paid === 0n) {
    const status = (await bonusStatuses(tx, owner.memberId, [bonusId])).get(bonusId);
    return fail(status === 'expired' ? 'PRIZE_EXPIRED' : 'PRIZE_RECEIVED');
  }
  return { amount: fromMinor(paid), main: fromMinor(await balanceOf(tx, await memberAccount(tx, owner))) };
}
