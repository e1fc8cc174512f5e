import { sql, type SQL } from 'drizzle-orm';
import { arrayParam, executePrepared, rowsOf, type DbOrTx } from '../../platform/db/index.ts';
import { AppError, fail } from '../../platform/http/index.ts';
import { accountRefId, accountRefIds, mainAndHouseSlice, type AccountRef, type HouseAccountName, type WalletOwner } from './accounts.ts';

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

/**
 * Moves money between two accounts inside the caller's transaction, in one round trip (SQL
 * function sql/wallet_post_transfer.sql): locks both rows in account-id order (so two opposite
 * transfers cannot deadlock), refuses to take a member account below zero (INSUFFICIENT_BALANCE;
 * a CHECK constraint backs this), writes one immutable transfer row and sets both balances. A
 * repeated (kind, ref) raises TRANSFER_DUPLICATE and moves nothing.
 */
export async function postTransfer(tx: DbOrTx, t: TransferInput): Promise<Posted> {
  if (t.from === t.to) throw new Error(`postTransfer: from and to are the same account ${t.from}`);
  return post(tx, sql`${t.from}`, sql`${t.to}`, t);
}

/** A movement between a member's main wallet and a slice of a house account. */
export interface HouseSliceTransfer extends Omit<TransferInput, 'from' | 'to'> {
  house: HouseAccountName;
  /** Toward the house (a stake); otherwise from it (a payout). */
  toHouse: boolean;
  /** The slice (nextHouseSlice, for a batch's movements); the member's by default. */
  slice?: number;
}

/**
 * Moves money between a member's main wallet and the member's slice of a house account (see
 * HOUSE_SLICES), both accounts created on first use, as postTransfer does: one round trip.
 */
export function postWithHouseSlice(tx: DbOrTx, owner: WalletOwner, t: HouseSliceTransfer): Promise<Posted> {
  const [main, house] = mainAndHouseSlice(owner, t.house, t.slice).map(accountRefId);
  return t.toHouse ? post(tx, main, house, t) : post(tx, house, main, t);
}

/** One posting (SQL wallet_post_transfer) between accounts given as id expressions. */
async function post(tx: DbOrTx, from: SQL, to: SQL, t: Omit<TransferInput, 'from' | 'to'>): Promise<Posted> {
  if (typeof t.amountMinor !== 'bigint' || t.amountMinor <= 0n) fail('AMOUNT_INVALID');
  const { rows } = await executePrepared(
    tx,
    sql`
    SELECT outcome, posted_id, from_after, to_after
    FROM wallet_post_transfer(${from}, ${to}, ${t.amountMinor.toString()}, ${t.kind}, ${t.ref}, ${t.memo ?? null})`,
  );
  const row = rows[0] as { outcome: PostOutcome; posted_id: unknown; from_after: unknown; to_after: unknown };
  if (row.outcome !== 'posted') refusePost(row.outcome, t);
  return { transferId: Number(row.posted_id), fromBalance: BigInt(row.from_after as string), toBalance: BigInt(row.to_after as string) };
}

/** What wallet_post_transfer answers: posted, or why nothing moved. */
type PostOutcome = 'posted' | 'insufficient' | 'duplicate' | 'currency_mismatch';

/** The catalogue's error of a refused posting. */
function refusalOf(outcome: Exclude<PostOutcome, 'posted'>, t: Pick<TransferInput, 'kind' | 'ref'>): AppError {
  if (outcome === 'insufficient') return new AppError('INSUFFICIENT_BALANCE');
  if (outcome === 'currency_mismatch') return new AppError('CURRENCY_MISMATCH');
  return new AppError('TRANSFER_DUPLICATE', { data: { kind: t.kind, ref: t.ref } });
}

function refusePost(outcome: Exclude<PostOutcome, 'posted'>, t: Pick<TransferInput, 'kind' | 'ref'>): never {
  throw refusalOf(outcome, t);
}

/** A movement of a batch: its accounts as ids or natural keys (see houseSlicePosting). */
export interface BatchPosting extends Omit<TransferInput, 'from' | 'to'> {
  from: AccountRef;
  to: AccountRef;
}

/** Each movement's own answer: posted, or refused with the catalogue's error (nothing moved). */
export type BatchPosted = { ok: true; posted: Posted } | { ok: false; error: AppError };

/** A movement between a member's main wallet and a slice of a house account, for postTransfers. */
export function houseSlicePosting(owner: WalletOwner, t: HouseSliceTransfer): BatchPosting {
  const [main, house] = mainAndHouseSlice(owner, t.house, t.slice);
  const { house: _, toHouse, slice: __, ...rest } = t;
  return toHouse ? { ...rest, from: main, to: house } : { ...rest, from: house, to: main };
}

/**
 * Many movements inside the caller's transaction in one round trip (SQL wallet_post_transfers):
 * every account locked first, in the ledger's lock order, then each movement as postTransfer makes
 * it, in the order given. A refused movement (a balance short, a repeated (kind, ref)) fails alone
 * and leaves the transaction usable; later movements see the balances the earlier ones left.
 */
export async function postTransfers(tx: DbOrTx, postings: BatchPosting[]): Promise<BatchPosted[]> {
  if (postings.length === 0) return [];
  return postedOutcomes(await rowsOf<PostedRow>(tx, sql`SELECT outcome, posted_id, from_after, to_after FROM ${postTransfersCall(postings)}`), postings);
}

/**
 * postTransfers' call (SQL wallet_post_transfers) as a row source, for a caller that writes its
 * own rows from the outcomes in the same statement (one round trip); read its rows (outcome,
 * posted_id, from_after, to_after, in the order given) with postedOutcomes.
 */
export function postTransfersCall(postings: BatchPosting[]): SQL {
  for (const t of postings) if (typeof t.amountMinor !== 'bigint' || t.amountMinor <= 0n) fail('AMOUNT_INVALID');
  const ids = (side: 'from' | 'to') => accountRefIds(postings.map((t) => t[side]));
  const texts = (values: Array<string | null>) => arrayParam(values, 'text[]');
  return sql`wallet_post_transfers(${ids('from')}, ${ids('to')},
      ${arrayParam(
        postings.map((t) => t.amountMinor.toString()),
        'bigint[]',
      )}, ${texts(postings.map((t) => t.kind))},
      ${texts(postings.map((t) => t.ref))}, ${texts(postings.map((t) => t.memo ?? null))})`;
}

/** A row of wallet_post_transfers. */
export interface PostedRow {
  outcome: PostOutcome;
  posted_id: unknown;
  from_after: unknown;
  to_after: unknown;
}

/** Each movement's answer from its row of wallet_post_transfers. */
export const postedOutcomes = (rows: PostedRow[], postings: BatchPosting[]): BatchPosted[] =>
  rows.map((row, i) =>
    row.outcome === 'posted'
      ? { ok: true, posted: { transferId: Number(row.posted_id), fromBalance: BigInt(row.from_after as string), toBalance: BigInt(row.to_after as string) } }
      : { ok: false, error: refusalOf(row.outcome, postings[i]) },
  );

/** A movement of a batch with its accounts resolved, and what its `from` account holds now. */
export interface LockedPosting {
  from: number;
  to: number;
  fromBalance: bigint;
}

/**
 * Locks every account of `postings` in the ledger's lock order (account id), as
 * wallet_post_transfers does, creating any not used yet, in one round trip; answers each
 * movement's account ids and its `from` balance (0 for an account made by this statement: no
 * other transaction sees it before ours ends). Held until the transaction ends: a batch reads
 * what each member can spend, keeps the movements it can make, and posts them (postTransfers,
 * with these ids) knowing none will be refused for a short balance.
 */
export async function lockPostings(tx: DbOrTx, postings: Array<Pick<BatchPosting, 'from' | 'to'>>): Promise<LockedPosting[]> {
  if (postings.length === 0) return [];
  const ids = (side: 'from' | 'to') => accountRefIds(postings.map((t) => t[side]));
  const { rows } = await tx.execute(sql`
    WITH wanted AS MATERIALIZED (SELECT * FROM unnest(${ids('from')}, ${ids('to')}) WITH ORDINALITY AS w(from_id, to_id, n)),
    locked AS (
      SELECT account_id, balance FROM wallet_accounts
      WHERE account_id IN (SELECT from_id FROM wanted UNION SELECT to_id FROM wanted) ORDER BY account_id FOR UPDATE)
    SELECT w.from_id, w.to_id, coalesce(l.balance, 0) AS balance FROM wanted w LEFT JOIN locked l ON l.account_id = w.from_id ORDER BY w.n`);
  return (rows as Array<{ from_id: unknown; to_id: unknown; balance: unknown }>).map((r) => ({
    from: Number(r.from_id),
    to: Number(r.to_id),
    fromBalance: BigInt(r.balance as string),
  }));
}

/** A transfer as posted: the accounts it moved money between and how much. */
export interface PostedTransfer {
  from: number;
  to: number;
  amountMinor: bigint;
}

/**
 * The transfer posted as (kind, ref), or null. A reversal sends money back between this transfer's
 * own accounts, never ones looked up afresh (an account's key may have changed since, e.g. a house
 * account split in slices).
 */
export async function postedTransfer(tx: DbOrTx, kind: string, ref: string): Promise<PostedTransfer | null> {
  const { rows } = await tx.execute(sql`SELECT from_account, to_account, amount_minor FROM wallet_transfers WHERE kind = ${kind} AND ref = ${ref}`);
  const row = rows[0] as { from_account: unknown; to_account: unknown; amount_minor: string } | undefined;
  return row ? { from: Number(row.from_account), to: Number(row.to_account), amountMinor: BigInt(row.amount_minor) } : null;
}

/**
 * Locks the existing accounts of `keys` in the ledger's lock order (account id), inside the caller's
 * transaction: a batch that will post between many accounts takes them all first, as
 * wallet_post_transfers does, so batches and single postings cannot wait on each other in a circle.
 */
export async function lockAccounts(tx: DbOrTx, keys: string[]): Promise<void> {
  await tx.execute(
    sql`SELECT count(*) FROM (SELECT 1 FROM wallet_accounts WHERE account_key = ANY (${arrayParam(keys, 'text[]')}) ORDER BY account_id FOR UPDATE) AS locked`,
  );
}

/**
 * lockAccounts answering the balances of the accounts locked, by key (a key without an account is
 * absent: nothing was ever posted to it), in the same round trip.
 */
export async function lockBalances(tx: DbOrTx, keys: string[]): Promise<Map<string, bigint>> {
  const { rows } = await tx.execute(
    sql`SELECT account_key, balance FROM wallet_accounts WHERE account_key = ANY (${arrayParam(keys, 'text[]')}) ORDER BY account_id FOR UPDATE`,
  );
  return new Map((rows as Array<{ account_key: string; balance: unknown }>).map((r) => [r.account_key, BigInt(r.balance as string)]));
}

/** Balances of several accounts in one round trip, in the order asked (0 for unknown ids). */
export async function balancesOf(tx: DbOrTx, accountIds: number[]): Promise<bigint[]> {
  const { rows } = await tx.execute(sql`
    SELECT account_id, balance FROM wallet_accounts WHERE account_id IN (${sql.join(
      accountIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  const byId = new Map((rows as Array<{ account_id: unknown; balance: string }>).map((r) => [Number(r.account_id), BigInt(r.balance)]));
  return accountIds.map((id) => byId.get(id) ?? 0n);
}

/** The balance of one account, in minor units (0 for an account never used). */
export async function balanceOf(tx: DbOrTx, accountId: number): Promise<bigint> {
  const { rows } = await tx.execute(sql`SELECT balance FROM wallet_accounts WHERE account_id = ${accountId}`);
  return rows.length ? BigInt((rows[0] as { balance: string }).balance) : 0n;
}

/**
 * The balance of `accountId`, read with it and `other` locked in the ledger's lock order (account
 * id), as a posting between the two takes them: what is read stays true until that posting, in the
 * same transaction.
 */
export async function lockedBalanceOf(tx: DbOrTx, accountId: number, other: number): Promise<bigint> {
  const { rows } = await tx.execute(sql`
    SELECT account_id, balance FROM wallet_accounts WHERE account_id IN (${accountId}, ${other}) ORDER BY account_id FOR UPDATE`);
  const row = (rows as Array<{ account_id: string | number; balance: string }>).find((r) => Number(r.account_id) === accountId);
  return row ? BigInt(row.balance) : 0n;
}

export interface MemberBalances {
  main: bigint;
  yeb: bigint;
  bonus: bigint;
  /** Held for withdrawals awaiting payout. */
  hold: bigint;
  /** On the way to or from a venue. */
  transit: bigint;
  /** Gold coins (GOLD, hundredths of a coin), not money of the site's currency. */
  gold: bigint;
  /** Per venue api_name. */
  venues: Record<string, bigint>;
}

/** Every balance a member has, in minor units; accounts not yet used read as 0. */
export async function memberBalances(tx: DbOrTx, memberId: number): Promise<MemberBalances> {
  const { rows } = await tx.execute(sql`SELECT kind, name, balance FROM wallet_accounts WHERE member_id = ${memberId}`);
  const out: MemberBalances = { main: 0n, yeb: 0n, bonus: 0n, hold: 0n, transit: 0n, gold: 0n, venues: {} };
  for (const r of rows as Array<{ kind: string; name: string; balance: string }>) {
    const value = BigInt(r.balance);
    if (r.kind === 'venue') out.venues[r.name] = value;
    else out[r.kind as Exclude<keyof MemberBalances, 'venues'>] = value;
  }
  return out;
}
