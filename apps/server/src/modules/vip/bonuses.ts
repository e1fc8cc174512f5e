import { sql } from 'drizzle-orm';
import { DAY_MS, MemberTags, REBATE_VALID_DAYS, fromMinor } from '@bp/contract';
import { oneOf, rowsOf, type Db, type DbOrTx, type Tx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { once, type IdempotencyKey } from '../../platform/idempotency.ts';
import { clock } from '../../platform/clock.ts';
import { memberAccount, balanceOf, postWithHouseSlice, type WalletOwner } from '../wallet/index.ts';
import { startWagering } from './wagering.ts';

/**
 * The bonus engine: every bonus a member is given is one row of vip_bonuses, granted once per
 * (member, source, ref) whatever races or reruns grant it again, and paid when the member receives
 * it: a ledger transfer from the member's slice of the house bonus account into the main wallet,
 * asking amount x multiple of turnover before the next withdrawal (withdrawTerms below).
 */
/** 'activity': the promo module's prizes and deposit bonuses (granted through grantBonus). */
export type BonusSource = 'upgrade' | 'weekly' | 'monthly' | 'rebate' | 'activity' | 'points' | 'birthday';

/** VIP bonuses a member tagged no_level_bonus may not receive. */
const LEVEL_BONUSES: readonly string[] = ['upgrade', 'weekly', 'monthly', 'birthday'];

/** How long a bonus waits to be received (none: for good). */
export const BONUS_LIFETIME_MS: Record<BonusSource, number | null> = {
  upgrade: null,
  weekly: 7 * DAY_MS,
  monthly: 30 * DAY_MS,
  rebate: REBATE_VALID_DAYS * DAY_MS,
  activity: 7 * DAY_MS,
  /** Paid as it is exchanged. */
  points: null,
  /** Until the birthday month ends (birthday.ts sets it). */
  birthday: null,
};

export const expiryOf = (source: BonusSource): Date | null => {
  const life = BONUS_LIFETIME_MS[source];
  return life === null ? null : new Date(clock.now() + life);
};

export interface BonusRow {
  bonus_id: string;
  source: BonusSource;
  ref: string;
  amount_minor: string;
  multiple_x100: number;
  status: 'pending' | 'received' | 'expired';
  detail: Record<string, unknown>;
  expires_at: Date | string | null;
  created_at: Date | string;
}

/** A pending bonus past its expiry reads as expired. */
export const statusOf = (b: BonusRow, now = clock.now()): BonusRow['status'] =>
  b.status === 'pending' && b.expires_at !== null && new Date(b.expires_at).getTime() <= now ? 'expired' : b.status;

/** A member's bonuses, newest first; `source` narrows them. */
export function memberBonuses(db: DbOrTx, memberId: number, source?: BonusSource): Promise<BonusRow[]> {
  return rowsOf<BonusRow>(
    db,
    sql`
    SELECT bonus_id, source, ref, amount_minor, multiple_x100, status, detail, expires_at, created_at FROM vip_bonuses
    WHERE member_id = ${memberId} ${source ? sql`AND source = ${source}` : sql``} ORDER BY bonus_id DESC LIMIT 200`,
  );
}

/**
 * Why this member may not receive bonuses of `source` (seed S3-23: the no-level-bonus tag keeps
 * them from VIP bonuses, the activity blacklist from activities' prizes), or null when they may.
 */
export function barredFrom(tags: readonly string[], source: string): 'LEVEL_BONUS_BLOCKED' | 'ACTIVE_BLACKLIST' | null {
  if (LEVEL_BONUSES.includes(source) && tags.includes(MemberTags.NO_LEVEL_BONUS)) return 'LEVEL_BONUS_BLOCKED';
  if (source === 'activity' && tags.includes(MemberTags.ACTIVITY_BLACKLIST)) return 'ACTIVE_BLACKLIST';
  return null;
}
export const mayReceive = (tags: readonly string[], source: string): boolean => barredFrom(tags, source) === null;

/** A bonus another module grants (the promo module's prizes): once per (member, 'activity', ref). */
export interface BonusGrant {
  owner: WalletOwner;
  ref: string;
  amountMinor: bigint;
  multipleX100: number;
  /** `title` is what the welfare centre calls it. */
  detail: { title: string } & Record<string, unknown>;
  /** Default 'activity', with its lifetime. */
  source?: BonusSource;
  expiresAt?: Date | null;
}

/** Grants a bonus inside the caller's transaction, once per (member, source, ref); answers its id (the one already granted on a repeat). */
export async function grantBonus(tx: DbOrTx, g: BonusGrant): Promise<number> {
  const row = await oneOf<{ bonus_id: string }>(
    tx,
    sql`
    INSERT INTO vip_bonuses (member_id, site_id, source, ref, amount_minor, multiple_x100, detail, expires_at)
    VALUES (${g.owner.memberId}, ${g.owner.siteId}, ${g.source ?? 'activity'}, ${g.ref}, ${g.amountMinor}, ${g.multipleX100}, ${JSON.stringify(g.detail)}::jsonb,
            ${g.expiresAt === undefined ? expiryOf(g.source ?? 'activity') : g.expiresAt}::timestamptz)
    ON CONFLICT (member_id, source, ref) DO UPDATE SET ref = EXCLUDED.ref
    RETURNING bonus_id`,
  );
  return Number(row!.bonus_id);
}

/** Pays one of the member's bonuses inside the caller's transaction (the caller keys it); answers what was paid, 0 when it was not pending. */
export const payBonus = (tx: Tx, owner: WalletOwner, bonusId: number): Promise<bigint> => payBonuses(tx, owner, { bonusId });

/** The status of some bonuses of a member, by id (expired read as such). */
export async function bonusStatuses(db: DbOrTx, memberId: number, ids: number[]): Promise<Map<number, BonusRow['status']>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<BonusRow>(
    db,
    sql`SELECT * FROM vip_bonuses WHERE member_id = ${memberId} AND bonus_id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((b) => [Number(b.bonus_id), statusOf(b)]));
}

/**
 * Takes the pending, unexpired bonuses chosen (`which`: one id, or every one of a source) and pays
 * each into the main wallet, inside the caller's transaction. The status change is the claim: of
 * concurrent receivers, one takes the row, the others find it received. Answers what was paid.
 */
async function payBonuses(tx: Tx, owner: WalletOwner, which: { bonusId: number } | { source: BonusSource }): Promise<bigint> {
  const now = new Date(clock.now());
  const chosen = 'bonusId' in which ? sql`bonus_id = ${which.bonusId}` : sql`source = ${which.source}`;
  const taken = await rowsOf<{ bonus_id: string; source: string; amount_minor: string }>(
    tx,
    sql`
    UPDATE vip_bonuses b SET status = 'received', received_at = ${now}, ${startWagering(now)}
    WHERE member_id = ${owner.memberId} AND status = 'pending' AND (expires_at IS NULL OR expires_at > ${now}) AND ${chosen}
    RETURNING bonus_id, source, amount_minor`,
  );
  let paid = 0n;
  for (const b of taken) {
    const amountMinor = BigInt(b.amount_minor);
    await postWithHouseSlice(tx, owner, { house: 'bonus', toHouse: false, amountMinor, kind: `bonus.${b.source}`, ref: `vip-bonus:${b.bonus_id}` });
    paid += amountMinor;
  }
  return paid;
}

/** Why one bonus could not be received. */
async function refuse(tx: DbOrTx, memberId: number, bonusId: number): Promise<never> {
  const row = await oneOf<BonusRow>(tx, sql`SELECT * FROM vip_bonuses WHERE bonus_id = ${bonusId} AND member_id = ${memberId}`);
  if (!row) return fail('WELFARE_NOT_FOUND');
  return fail(statusOf(row) === 'expired' ? 'WELFARE_EXPIRED' : 'WELFARE_RECEIVED');
}

const answer = async (tx: DbOrTx, owner: WalletOwner, paid: bigint) => ({
  amount: fromMinor(paid),
  main: fromMinor(await balanceOf(tx, await memberAccount(tx, owner))),
});

/** welfare/receive: one bonus, once (the Idempotency-Key answers a repeat with the first result). */
export function receiveBonus(db: Db, owner: WalletOwner, tags: readonly string[], key: IdempotencyKey, bonusId: number) {
  return once(db, owner.memberId, key, { welfareId: bonusId }, async (tx) => {
    const row = await oneOf<{ source: string }>(tx, sql`SELECT source FROM vip_bonuses WHERE bonus_id = ${bonusId} AND member_id = ${owner.memberId}`);
    if (!row) return fail('WELFARE_NOT_FOUND');
    const barred = barredFrom(tags, row.source);
    if (barred) return fail(barred);
    const paid = await payBonuses(tx, owner, { bonusId });
    return paid > 0n ? answer(tx, owner, paid) : refuse(tx, owner.memberId, bonusId);
  });
}

/** fanshui/receive: every rebate waiting, at once. */
export function receiveRebates(db: Db, owner: WalletOwner, key: IdempotencyKey) {
  return once(db, owner.memberId, key, {}, async (tx) => {
    const paid = await payBonuses(tx, owner, { source: 'rebate' });
    return paid > 0n ? answer(tx, owner, paid) : fail('FANSHUI_NOTHING');
  });
}

/** The turnover the bonuses received after `since` ask (the wallet's withdrawal terms). */
export async function bonusTurnoverSince(tx: DbOrTx, memberId: number, since: Date): Promise<bigint> {
  const row = await oneOf<{ asked: string }>(
    tx,
    sql`
    SELECT coalesce(sum(amount_minor * multiple_x100 / 100), 0) AS asked FROM vip_bonuses
    WHERE member_id = ${memberId} AND status = 'received' AND received_at > ${since}`,
  );
  return BigInt(row?.asked ?? 0);
}
