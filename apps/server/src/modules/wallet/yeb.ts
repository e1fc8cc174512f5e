import { sql } from 'drizzle-orm';
import { toMinor, shanghaiDay } from '@bp/contract';
import type { Db, DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { once, type IdempotencyKey } from '../../platform/idempotency.ts';
import { clock } from '../../platform/clock.ts';
import { houseAccount, memberAccount, type WalletOwner } from './accounts.ts';
import { balanceOf, lockedBalanceOf, postTransfer } from './ledger.ts';
import { big, money, oneOf } from './sql.ts';

/**
 * The interest wallet (yeb). Interest accrues once per Asia/Shanghai day on the balance at the
 * accrual: floor(balance x daily rate), in minor units, for balances at or above the minimum. It
 * waits to be received into the main wallet from the house interest account.
 */
interface YebTerms {
  ratePpm: number;
  minMinor: bigint;
  lockHours: number;
}

async function terms(tx: DbOrTx, siteId: number): Promise<YebTerms> {
  const row = await oneOf<{ daily_rate_ppm: number; min_minor: string; lock_hours: number }>(
    tx,
    sql`
    SELECT daily_rate_ppm, min_minor, lock_hours FROM wallet_yeb_config WHERE site_id = ${siteId}`,
  );
  if (!row) return fail('WALLET_KIND_UNSUPPORTED', { msg: '当前站点未开通利息宝' });
  return { ratePpm: row.daily_rate_ppm, minMinor: big(row.min_minor), lockHours: row.lock_hours };
}

/** The part of the yeb balance still inside its lock period. */
async function lockedMinor(tx: DbOrTx, memberId: number, balance: bigint): Promise<bigint> {
  const row = await oneOf<{ locked: string }>(
    tx,
    sql`
    SELECT coalesce(sum(amount_minor), 0) AS locked FROM wallet_yeb_lots WHERE member_id = ${memberId} AND unlock_at > ${new Date(clock.now())}`,
  );
  const locked = big(row?.locked);
  return locked < balance ? locked : balance;
}

export async function yebOverview(db: Db, owner: WalletOwner) {
  const t = await terms(db, owner.siteId);
  const balance = await balanceOf(db, await memberAccount(db, owner, 'yeb'));
  const interest = await oneOf<{ receivable: string; total: string }>(
    db,
    sql`
    SELECT coalesce(sum(interest_minor) FILTER (WHERE received_by IS NULL), 0) AS receivable, coalesce(sum(interest_minor), 0) AS total
    FROM wallet_yeb_interest WHERE member_id = ${owner.memberId}`,
  );
  return {
    dailyRatePercent: t.ratePpm / 10_000,
    min: money(t.minMinor),
    lockHours: t.lockHours,
    balance: money(balance),
    locked: money(await lockedMinor(db, owner.memberId, balance)),
    receivable: money(interest?.receivable),
    totalInterest: money(interest?.total),
    rounding: 'floor' as const,
  };
}

async function balancesAfter(tx: DbOrTx, owner: WalletOwner) {
  return {
    main: money(await balanceOf(tx, await memberAccount(tx, owner))),
    yeb: money(await balanceOf(tx, await memberAccount(tx, owner, 'yeb'))),
  };
}

/** Main -> yeb, at least the minimum; the sum stays locked for the lock period. */
export function toYeb(db: Db, owner: WalletOwner, key: IdempotencyKey, amount: number) {
  return once(db, owner.memberId, key, { amount }, async (tx) => {
    const t = await terms(tx, owner.siteId);
    const amountMinor = toMinor(amount);
    if (amountMinor < t.minMinor) fail('YEB_BELOW_MIN', { msg: `利息宝最低转入${money(t.minMinor)}`, data: { min: money(t.minMinor) } });
    const lot = await oneOf<{ lot_id: number }>(
      tx,
      sql`
      INSERT INTO wallet_yeb_lots (member_id, amount_minor, unlock_at)
      VALUES (${owner.memberId}, ${amountMinor.toString()}, ${new Date(clock.now() + t.lockHours * 3_600_000)}) RETURNING lot_id`,
    );
    const [main, yeb] = [await memberAccount(tx, owner), await memberAccount(tx, owner, 'yeb')];
    await postTransfer(tx, { from: main, to: yeb, amountMinor, kind: 'yeb.in', ref: `yeb-in:${lot!.lot_id}` });
    return balancesAfter(tx, owner);
  });
}

/** Yeb -> main, only from the unlocked part. */
export function toCenter(db: Db, owner: WalletOwner, key: IdempotencyKey, amount: number) {
  return once(db, owner.memberId, key, { amount }, async (tx) => {
    const [main, yeb] = [await memberAccount(tx, owner), await memberAccount(tx, owner, 'yeb')];
    // Both accounts locked in the ledger's order (as toYeb's posting takes them), never yeb first.
    const balance = await lockedBalanceOf(tx, yeb, main);
    const amountMinor = toMinor(amount);
    if (amountMinor > balance) fail('INSUFFICIENT_BALANCE');
    const available = balance - (await lockedMinor(tx, owner.memberId, balance));
    if (amountMinor > available) fail('YEB_LOCKED', { msg: `可转出金额为${money(available)}，其余资金尚在锁定期内`, data: { available: money(available) } });
    await postTransfer(tx, { from: yeb, to: main, amountMinor, kind: 'yeb.out', ref: `yeb-out:${owner.memberId}:${key.key}` });
    return balancesAfter(tx, owner);
  });
}

/** Receives every accrued, unreceived interest into the main wallet. */
export function receiveInterest(db: Db, owner: WalletOwner, key: IdempotencyKey) {
  return once(db, owner.memberId, key, {}, async (tx) => {
    const due = await oneOf<{ total: string; last_day: string | null; account_id: string | null }>(
      tx,
      sql`
      WITH due AS (SELECT * FROM wallet_yeb_interest WHERE member_id = ${owner.memberId} AND received_by IS NULL FOR UPDATE)
      SELECT coalesce(sum(interest_minor), 0) AS total, max(day)::text AS last_day, max(account_id) AS account_id FROM due`,
    );
    const total = big(due?.total);
    if (total <= 0n) fail('NOTHING_TO_RECEIVE');
    const posted = await postTransfer(tx, {
      from: await houseAccount(tx, owner.siteId, owner.currency, 'interest'),
      to: await memberAccount(tx, owner),
      amountMinor: total,
      kind: 'yeb.interest',
      ref: `yeb-interest:${due!.account_id}:${due!.last_day}`,
    });
    await tx.execute(sql`UPDATE wallet_yeb_interest SET received_by = ${posted.transferId} WHERE member_id = ${owner.memberId} AND received_by IS NULL`);
    return { received: money(total), main: money(posted.toBalance) };
  });
}

/**
 * The daily accrual for the Shanghai day `day` (default: today). The (account, day) key makes it
 * happen once per day whatever the restarts or instances; answers how many accounts earned.
 */
export async function accrueInterest(db: Db, day: string = shanghaiDay(clock.now())): Promise<number> {
  const inserted = await db.execute(sql`
    INSERT INTO wallet_yeb_interest (account_id, day, member_id, principal_minor, rate_ppm, interest_minor)
    SELECT a.account_id, ${day}::date, a.member_id, a.balance, c.daily_rate_ppm,
           floor(a.balance::numeric * c.daily_rate_ppm / 1000000)::bigint
    FROM wallet_accounts a JOIN wallet_yeb_config c ON c.site_id = a.site_id
    WHERE a.kind = 'yeb' AND a.balance >= c.min_minor AND floor(a.balance::numeric * c.daily_rate_ppm / 1000000) > 0
    ON CONFLICT (account_id, day) DO NOTHING
    RETURNING account_id`);
  return inserted.rows.length;
}
