import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import { AppError, fail } from '../../platform/http/index.ts';

export interface TransferInput {
  from: number;
  to: number;
  /** Integer minor units, > 0. */
  amountMinor: bigint;
  /** What moved the money, '<category>.<step>' (e.g. 'bet.stake', 'deposit.credit'). */
  kind: string;
  /** The business record it belongs to (e.g. 'bet:123'). A (kind, ref) pair moves money once. */
  ref: string;
  memo?: string;
}

export interface Posted {
  transferId: number;
  fromBalance: bigint;
  toBalance: bigint;
}

interface LockedAccount {
  account_id: unknown;
  kind: string;
  currency: string;
  balance: unknown;
}

/**
 * Moves money between two accounts inside the caller's transaction: locks both rows in account-id
 * order (so two opposite transfers cannot deadlock), refuses to take a member account below zero
 * (INSUFFICIENT_BALANCE; a CHECK constraint backs this), writes one immutable transfer row and
 * sets both balances. A repeated (kind, ref) raises TRANSFER_DUPLICATE and moves nothing.
 */
export async function postTransfer(tx: DbOrTx, t: TransferInput): Promise<Posted> {
  if (typeof t.amountMinor !== 'bigint' || t.amountMinor <= 0n) fail('AMOUNT_INVALID');
  if (t.from === t.to) throw new Error(`postTransfer: from and to are the same account ${t.from}`);
  const locked = await tx.execute(sql`
    SELECT account_id, kind, currency, balance FROM wallet_accounts
    WHERE account_id IN (${t.from}, ${t.to}) ORDER BY account_id FOR UPDATE`);
  const rows = locked.rows as unknown as LockedAccount[];
  const from = rows.find((r) => Number(r.account_id) === t.from);
  const to = rows.find((r) => Number(r.account_id) === t.to);
  if (!from || !to) throw new Error(`postTransfer: unknown account ${!from ? t.from : t.to}`);
  if (from.currency !== to.currency) fail('CURRENCY_MISMATCH');
  const fromAfter = BigInt(from.balance as string) - t.amountMinor;
  const toAfter = BigInt(to.balance as string) + t.amountMinor;
  if (fromAfter < 0n && from.kind !== 'house') fail('INSUFFICIENT_BALANCE');

  // One statement: the row of history, then both balances only if the row was new.
  const written = await tx.execute(sql`
    WITH t AS (
      INSERT INTO wallet_transfers (from_account, to_account, amount_minor, kind, ref, memo, from_balance_after, to_balance_after)
      VALUES (${t.from}, ${t.to}, ${t.amountMinor.toString()}, ${t.kind}, ${t.ref}, ${t.memo ?? null}, ${fromAfter.toString()}, ${toAfter.toString()})
      ON CONFLICT (kind, ref) DO NOTHING
      RETURNING transfer_id
    ), u AS (
      UPDATE wallet_accounts
      SET balance = CASE WHEN account_id = ${t.from} THEN ${fromAfter.toString()}::bigint ELSE ${toAfter.toString()}::bigint END
      WHERE account_id IN (${t.from}, ${t.to}) AND EXISTS (SELECT 1 FROM t)
      RETURNING account_id
    )
    SELECT transfer_id, (SELECT count(*) FROM u) AS updated FROM t`);
  const row = written.rows[0] as { transfer_id: unknown; updated: unknown } | undefined;
  if (!row) throw new AppError('TRANSFER_DUPLICATE', { data: { kind: t.kind, ref: t.ref } });
  return { transferId: Number(row.transfer_id), fromBalance: fromAfter, toBalance: toAfter };
}

/** Balances of several accounts in one round trip, in the order asked (0 for unknown ids). */
export async function balancesOf(tx: DbOrTx, accountIds: number[]): Promise<bigint[]> {
  const { rows } = await tx.execute(sql`
    SELECT account_id, balance FROM wallet_accounts WHERE account_id IN (${sql.join(accountIds.map((id) => sql`${id}`), sql`, `)})`);
  const byId = new Map((rows as Array<{ account_id: unknown; balance: string }>).map((r) => [Number(r.account_id), BigInt(r.balance)]));
  return accountIds.map((id) => byId.get(id) ?? 0n);
}

/** The balance of one account, in minor units (0 for an account never used). */
export async function balanceOf(tx: DbOrTx, accountId: number): Promise<bigint> {
  const { rows } = await tx.execute(sql`SELECT balance FROM wallet_accounts WHERE account_id = ${accountId}`);
  return rows.length ? BigInt((rows[0] as { balance: string }).balance) : 0n;
}

export interface MemberBalances {
  main: bigint;
  yeb: bigint;
  bonus: bigint;
  /** Held for withdrawals awaiting payout. */
  hold: bigint;
  /** On the way to or from a venue. */
  transit: bigint;
  /** Per venue api_name. */
  venues: Record<string, bigint>;
}

/** Every balance a member has, in minor units; accounts not yet used read as 0. */
export async function memberBalances(tx: DbOrTx, memberId: number): Promise<MemberBalances> {
  const { rows } = await tx.execute(sql`SELECT kind, name, balance FROM wallet_accounts WHERE member_id = ${memberId}`);
  const out: MemberBalances = { main: 0n, yeb: 0n, bonus: 0n, hold: 0n, transit: 0n, venues: {} };
  for (const r of rows as Array<{ kind: string; name: string; balance: string }>) {
    const value = BigInt(r.balance);
    if (r.kind === 'venue') out.venues[r.name] = value;
    else out[r.kind as Exclude<keyof MemberBalances, 'venues'>] = value;
  }
  return out;
}
