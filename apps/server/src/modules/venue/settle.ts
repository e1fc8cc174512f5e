import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/index.ts';
import { completeKey, releaseKey } from '../../platform/idempotency.ts';
import { balancesOf, houseAccount, memberAccount, memberAccounts, postTransfer, type CurrencyCode, type WalletOwner } from '../wallet/index.ts';

/** A row of venue_transfers: one two-phase movement between the main wallet and a venue. */
export interface VenueTransferRow {
  transfer_id: number;
  ref: string;
  member_id: number;
  site_id: number;
  currency: CurrencyCode;
  api_name: string;
  direction: 'in' | 'out';
  amount_minor: string;
  status: 'pending' | 'success' | 'failed';
  idempotency_key: string | null;
}

export interface TransferAnswer {
  main: number;
  venue: number;
}

export const ownerOf = (r: VenueTransferRow): WalletOwner => ({ memberId: Number(r.member_id), siteId: r.site_id, currency: r.currency });
const ledgerRef = (r: VenueTransferRow) => `venue:${r.transfer_id}`;

/** The two ends of a transfer: money leaves `source` and arrives at `target`, via the member's transit account. */
async function ends(tx: DbOrTx, r: VenueTransferRow) {
  const [main, venue, transit] = await memberAccounts(tx, ownerOf(r), [['main'], ['venue', r.api_name], ['transit']]);
  return r.direction === 'in' ? { source: main, target: venue, transit, main, venue } : { source: venue, target: main, transit, main, venue };
}

/** Phase one: the amount leaves its source for the transit account (INSUFFICIENT_BALANCE if short). */
export async function reserve(tx: DbOrTx, r: VenueTransferRow): Promise<void> {
  const { source, transit } = await ends(tx, r);
  await postTransfer(tx, { from: source, to: transit, amountMinor: BigInt(r.amount_minor), kind: 'transfer.reserve', ref: ledgerRef(r), memo: memo(r) });
}

const memo = (r: VenueTransferRow) => (r.direction === 'in' ? `主钱包 → ${r.api_name}` : `${r.api_name} → 主钱包`);

/**
 * Before moving money out of a venue, our mirror of the member's venue balance takes the venue's
 * own figure: the difference is the member's result there, against the house 'venues' account.
 */
export async function syncMirror(tx: DbOrTx, r: VenueTransferRow, venueBalance: bigint): Promise<void> {
  const owner = ownerOf(r);
  const venue = await memberAccount(tx, owner, 'venue', r.api_name);
  const { rows } = await tx.execute(sql`SELECT balance FROM wallet_accounts WHERE account_id = ${venue} FOR UPDATE`);
  const diff = venueBalance - BigInt((rows[0] as { balance: string }).balance);
  if (diff === 0n) return;
  const house = await houseAccount(tx, owner.siteId, owner.currency, 'venues');
  const [from, to] = diff > 0n ? [house, venue] : [venue, house];
  await postTransfer(tx, { from, to, amountMinor: diff > 0n ? diff : -diff, kind: 'venue.result', ref: ledgerRef(r) });
}

async function wasReserved(tx: DbOrTx, r: VenueTransferRow): Promise<boolean> {
  const { rows } = await tx.execute(sql`SELECT 1 FROM wallet_transfers WHERE kind = 'transfer.reserve' AND ref = ${ledgerRef(r)}`);
  return rows.length > 0;
}

/**
 * Phase two, once the venue's outcome is known: 'success' commits (transit -> target), 'failed'
 * releases (transit -> source) if anything was reserved. Settles a transfer once, whoever comes
 * first (the request or the reconciliation); completes or releases its idempotency key.
 */
export async function settle(db: Db, transferId: number, outcome: 'success' | 'failed', venueBalance: bigint | null, error?: string): Promise<TransferAnswer> {
  return db.transaction(async (tx) => {
    const [r] = (await tx.execute(sql`SELECT * FROM venue_transfers WHERE transfer_id = ${transferId} FOR UPDATE`)).rows as unknown as VenueTransferRow[];
    const accounts = await ends(tx, r);
    const answer = async (): Promise<TransferAnswer> => {
      const [main, mirror] = await balancesOf(tx, [accounts.main, accounts.venue]);
      return { main: Number(main) / 100, venue: Number(venueBalance ?? mirror) / 100 };
    };
    if (r.status !== 'pending') return answer();
    const reserved = await wasReserved(tx, r);
    const amountMinor = BigInt(r.amount_minor);
    if (outcome === 'success') {
      if (!reserved) throw new Error(`venue transfer ${r.ref} succeeded at ${r.api_name} without a reserve: needs an operator`);
      await postTransfer(tx, { from: accounts.transit, to: accounts.target, amountMinor, kind: 'transfer.commit', ref: ledgerRef(r), memo: memo(r) });
    } else if (reserved) {
      await postTransfer(tx, { from: accounts.transit, to: accounts.source, amountMinor, kind: 'transfer.release', ref: ledgerRef(r), memo: memo(r) });
    }
    await tx.execute(sql`
      UPDATE venue_transfers SET status = ${outcome}, settled_at = now(), last_error = coalesce(${error ?? null}, last_error)
      WHERE transfer_id = ${transferId}`);
    const result = await answer();
    if (r.idempotency_key) {
      if (outcome === 'success') await completeKey(tx, ownerOf(r).memberId, r.idempotency_key, result);
      else await releaseKey(tx, ownerOf(r).memberId, r.idempotency_key);
    }
    return result;
  });
}

/** Records why a venue call left a transfer pending (timeout, network). */
export async function noteError(db: Db, transferId: number, error: unknown): Promise<void> {
  await db.execute(sql`UPDATE venue_transfers SET last_error = ${String((error as Error)?.message ?? error).slice(0, 500)} WHERE transfer_id = ${transferId}`);
}
