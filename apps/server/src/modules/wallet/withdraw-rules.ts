import { sql } from 'drizzle-orm';
import { fromMinor, shanghaiMidnight } from '@bp/contract';
import type { DbOrTx } from '../../platform/db/index.ts';
import { clock } from '../../platform/clock.ts';
import type { WalletOwner } from './accounts.ts';
import type { WalletSettings } from './settings.ts';
import { big, oneOf } from './sql.ts';
import { extraWithdrawTerms } from './withdraw-terms.ts';

export interface WithdrawRules {
  minMinor: bigint;
  maxMinor: bigint;
  /** Fee in basis points of the amount, once the free withdrawals of the day are used. */
  feeBp: bigint;
  feePercent: number;
  freeTimesPerDay: number;
  usedTimesToday: number;
  turnoverRequired: bigint;
  /** The deposits' turnover still to stake and the bonus wagering still open, together. */
  turnoverRemaining: bigint;
  /** The deposits' part alone: a withdrawal waits for it. */
  depositTurnoverRemaining: bigint;
  /** The bonus wagering's part: a withdrawal before it is met forfeits `bonusForfeit`, once the member confirms. */
  bonusWagerRemaining: bigint;
  bonusForfeit: bigint;
  /** Site currency per 1 USDT. */
  usdtRate: number;
}

/** The operator's manual credit (人工存入, e.g. the demo member's starting money): a deposit that asks no turnover. */
export const MANUAL_CREDIT = 'deposit.manual';

/**
 * Turnover: every deposit through a channel ('deposit.credit'; a MANUAL_CREDIT is not one) since
 * the last withdrawal must be staked `withdraw_turnover_multiple` times before the next one; the
 * bonus wagering other modules keep (withdraw-terms.ts) is added to what remains, and
 * `turnoverRequired` shows what they asked for what they paid since. Stakes
 * are ledger transfers of kind 'bet.stake…' out of the main wallet (the sportsbook's and any other
 * product posting that kind), less stakes refunded ('bet.refund').
 */
async function turnover(tx: DbOrTx, owner: WalletOwner, mainAccount: number, multiple: number, until?: WithdrawalAt) {
  const last = await oneOf<{ t: Date | string }>(
    tx,
    sql`
    SELECT coalesce(max(created_at), 'epoch'::timestamptz) AS t FROM wallet_withdraw_orders
    WHERE member_id = ${owner.memberId} AND status IN ('pending', 'paid') ${until ? sql`AND order_id < ${until.orderId}` : sql``}`,
  );
  const since = new Date(last!.t);
  const row = await oneOf<{ deposited: string; staked: string }>(
    tx,
    sql`
    SELECT coalesce(sum(amount_minor) FILTER (WHERE kind = 'deposit.credit' AND to_account = ${mainAccount}), 0) AS deposited,
           coalesce(sum(amount_minor) FILTER (WHERE kind LIKE 'bet.stake%' AND from_account = ${mainAccount}), 0)
             - coalesce(sum(amount_minor) FILTER (WHERE kind = 'bet.refund' AND to_account = ${mainAccount}), 0) AS staked
    FROM wallet_transfers
    WHERE (to_account = ${mainAccount} OR from_account = ${mainAccount}) AND created_at > ${since}
      ${until ? sql`AND created_at < ${until.at}` : sql``}`,
  );
  const extra = await extraWithdrawTerms(tx, owner, since);
  const depositRequired = (big(row?.deposited) * BigInt(Math.round(multiple * 100))) / 100n;
  const depositRemaining = depositRequired > big(row?.staked) ? depositRequired - big(row?.staked) : 0n;
  return { required: depositRequired + extra.turnoverMinor, depositRemaining, extra };
}

/** A withdrawal order as of its request: the turnover it was judged against. */
export interface WithdrawalAt {
  orderId: number;
  at: Date;
}

/** The turnover still owed when a withdrawal was requested (the operator's risk view). */
export const turnoverBefore = (tx: DbOrTx, owner: WalletOwner, mainAccount: number, multiple: number, order: WithdrawalAt) =>
  turnover(tx, owner, mainAccount, multiple, order);

/** The rules of the member's next withdrawal; `s` is read before any transaction (see walletSettings). */
export async function withdrawRules(tx: DbOrTx, owner: WalletOwner, mainAccount: number, s: WalletSettings): Promise<WithdrawRules> {
  const today = await oneOf<{ n: string }>(
    tx,
    sql`
    SELECT count(*) AS n FROM wallet_withdraw_orders
    WHERE member_id = ${owner.memberId} AND status IN ('pending', 'paid') AND created_at >= ${new Date(shanghaiMidnight(clock.now()))}`,
  );
  const { required, depositRemaining, extra } = await turnover(tx, owner, mainAccount, s.withdraw_turnover_multiple);
  return {
    minMinor: BigInt(Math.round(s.withdraw_min * 100)),
    // The member's level sets its own limit where the vip module has one (withdraw-terms.ts).
    maxMinor: extra.maxMinor ?? BigInt(Math.round(s.withdraw_max * 100)),
    feeBp: BigInt(Math.round(s.withdraw_fee_percent * 100)),
    feePercent: s.withdraw_fee_percent,
    freeTimesPerDay: s.withdraw_free_times,
    usedTimesToday: Number(today?.n ?? 0),
    turnoverRequired: required,
    turnoverRemaining: depositRemaining + extra.wagerRemainingMinor,
    depositTurnoverRemaining: depositRemaining,
    bonusWagerRemaining: extra.wagerRemainingMinor,
    bonusForfeit: extra.forfeitMinor,
    usdtRate: s.usdt_rate,
  };
}

/** The fee of the next withdrawal, floored to the minor unit; free while free times remain today. */
export function feeFor(amountMinor: bigint, rules: WithdrawRules): bigint {
  if (rules.usedTimesToday < rules.freeTimesPerDay) return 0n;
  return (amountMinor * rules.feeBp) / 10_000n;
}

/** What a USDT payout sends for `receivableMinor` of the site's currency, floored to the cent. */
export function usdtFor(receivableMinor: bigint, rules: WithdrawRules): bigint {
  return (receivableMinor * 10_000n) / BigInt(Math.round(rules.usdtRate * 10_000));
}

/** The limits part of prompt and prepare answers. */
export const limitsView = (r: WithdrawRules) => ({
  min: fromMinor(r.minMinor),
  max: fromMinor(r.maxMinor),
  feePercent: r.feePercent,
  freeTimesPerDay: r.freeTimesPerDay,
  usedTimesToday: r.usedTimesToday,
  turnoverRequired: fromMinor(r.turnoverRequired),
  turnoverRemaining: fromMinor(r.turnoverRemaining),
  bonusWagerRemaining: fromMinor(r.bonusWagerRemaining),
  bonusForfeit: fromMinor(r.bonusForfeit),
});
