import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/index.ts';
import { memberAccountKey, type WalletOwner } from './accounts.ts';
import { big, oneOf } from './sql.ts';

/**
 * What another module adds to a member's withdrawal terms (the vip module: the turnover its
 * bonuses ask since the last withdrawal, and the level's limit per withdrawal). The wallet keeps
 * the rules; those modules keep their own figures and answer for them here.
 */
export interface WithdrawTerms {
  /** Turnover asked by what the member received after `since`, in minor units. */
  turnoverMinor: bigint;
  /** The most one withdrawal may be (in place of the site's `withdraw_max`), or null to leave the site's. */
  maxMinor: bigint | null;
  /** Bonus wagering still open: the turnover it asks, and what withdrawing now forfeits (the member confirms first). */
  wagerRemainingMinor: bigint;
  forfeitMinor: bigint;
}
export type WithdrawTermsSource = (tx: DbOrTx, owner: WalletOwner, since: Date) => Promise<WithdrawTerms>;

/** Ends the open bonus wagering of a member who withdraws before meeting it, inside the withdrawal's transaction; answers what was taken back. */
export type BonusForfeit = (tx: Tx, owner: WalletOwner) => Promise<bigint>;

const sources = new Set<WithdrawTermsSource>();
const forfeits = new Set<BonusForfeit>();

/** Registered once per process (at the module's import). */
export function addWithdrawTerms(source: WithdrawTermsSource): void {
  sources.add(source);
}

/** Registered once per process, with the terms that announce the forfeit. */
export function addBonusForfeit(forfeit: BonusForfeit): void {
  forfeits.add(forfeit);
}

export async function forfeitBonuses(tx: Tx, owner: WalletOwner): Promise<bigint> {
  let taken = 0n;
  for (const forfeit of forfeits) taken += await forfeit(tx, owner);
  return taken;
}

/** Every source's terms together: the turnover summed, the lowest of their limits. */
export async function extraWithdrawTerms(tx: DbOrTx, owner: WalletOwner, since: Date): Promise<WithdrawTerms> {
  const out: WithdrawTerms = { turnoverMinor: 0n, maxMinor: null, wagerRemainingMinor: 0n, forfeitMinor: 0n };
  for (const source of sources) {
    const t = await source(tx, owner, since);
    out.turnoverMinor += t.turnoverMinor;
    out.wagerRemainingMinor += t.wagerRemainingMinor;
    out.forfeitMinor += t.forfeitMinor;
    if (t.maxMinor !== null && (out.maxMinor === null || t.maxMinor < out.maxMinor)) out.maxMinor = t.maxMinor;
  }
  return out;
}

/** Everything credited to a member's main wallet by deposits through a channel ('deposit.credit'), in minor units; `since`: from then on. */
export async function depositedTotal(tx: DbOrTx, owner: WalletOwner, since?: Date): Promise<bigint> {
  const row = await oneOf<{ total: string }>(
    tx,
    sql`
    SELECT coalesce(sum(t.amount_minor), 0) AS total FROM wallet_transfers t JOIN wallet_accounts a ON a.account_id = t.to_account
    WHERE a.account_key = ${memberAccountKey(owner.memberId, 'main')} AND t.kind = 'deposit.credit' ${since ? sql`AND t.created_at >= ${since}` : sql``}`,
  );
  return big(row?.total);
}

/**
 * Deposits to date of many members at once (the vip module's daily review), as an SQL subquery of
 * (member_id, deposit_minor) over the member ids `chosen` selects; a member without deposits has
 * no row. The same figure as depositedTotal.
 */
export function depositedTotals(chosen: SQL): SQL {
  return sql`SELECT c.member_id, sum(t.amount_minor) AS deposit_minor
    FROM (${chosen}) c(member_id)
    JOIN wallet_accounts a ON a.account_key = 'member:' || c.member_id || ':main'
    JOIN wallet_transfers t ON t.to_account = a.account_id AND t.kind = 'deposit.credit'
    GROUP BY c.member_id`;
}

/** Everything a member ever staked from the main wallet ('bet.stake…': sports, casino, originals); the novice task 首次投注 asks for any. */
export async function stakedTotal(tx: DbOrTx, owner: WalletOwner): Promise<bigint> {
  const row = await oneOf<{ total: string }>(
    tx,
    sql`
    SELECT coalesce(sum(t.amount_minor), 0) AS total FROM wallet_transfers t JOIN wallet_accounts a ON a.account_id = t.from_account
    WHERE a.account_key = ${memberAccountKey(owner.memberId, 'main')} AND t.kind LIKE 'bet.stake%'`,
  );
  return big(row?.total);
}
