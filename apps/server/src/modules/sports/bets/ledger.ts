import { fromMinor } from '@bp/contract';
import type { Tx } from '../../../platform/db/index.ts';
import type { Deps } from '../../../platform/deps.ts';
import {
  announceBalance,
  houseSlicePosting,
  lockedBalanceOf,
  postTransfer,
  postWithHouseSlice,
  postedTransfer,
  type BatchPosting,
  type CurrencyCode,
  type WalletOwner,
} from '../../wallet/index.ts';

/**
 * The sportsbook's money, through the wallet's ledger, inside the caller's transaction. Stakes go
 * from the member's main wallet to the house's stakes account; everything paid back (winnings,
 * voids, cash outs) comes from the house's payouts account. The house side is a slice of each (the
 * wallet's HOUSE_SLICES): a batch's stakes go to a slice of its own (nextHouseSlice), so batches
 * in flight never wait on one house row; payouts come from the member's slice.
 * Whatever goes back (a refunded stake, a payout taken back) moves between the original
 * transfer's own accounts. Each movement is keyed by the bet's order id, so the ledger itself
 * refuses to move it twice.
 */
export interface BetOwner {
  memberId: number;
  siteId: number;
  currency: string;
}

const owner = (o: BetOwner): WalletOwner => ({ memberId: o.memberId, siteId: o.siteId, currency: o.currency as CurrencyCode });

/** The stake's debit, for the ledger's batched posting (postTransfers), to the batch's slice of the stakes account. */
export const stakePosting = (o: BetOwner, orderId: string, amountMinor: bigint, slice: number): BatchPosting =>
  houseSlicePosting(owner(o), { house: 'stakes', toHouse: true, amountMinor, kind: 'bet.stake', ref: `bet:${orderId}`, slice });

/** A bet refused at the end of its in-play delay gets its stake back, all of it, from where it went. */
export async function returnStake(tx: Tx, orderId: string): Promise<void> {
  const stake = await postedTransfer(tx, 'bet.stake', `bet:${orderId}`);
  if (!stake) throw new Error(`returnStake: no stake was taken for ${orderId}`);
  await postTransfer(tx, { from: stake.to, to: stake.from, amountMinor: stake.amountMinor, kind: 'bet.refund', ref: `bet:${orderId}` });
}

/** Settlement number `n` of a bet pays `amountMinor` (winnings, a void's stake, half of a half-lost one). */
export async function payOut(tx: Tx, o: BetOwner, orderId: string, n: number, amountMinor: bigint): Promise<void> {
  if (amountMinor <= 0n) return;
  await postWithHouseSlice(tx, owner(o), { house: 'payouts', toHouse: false, amountMinor, kind: 'bet.payout', ref: `bet:${orderId}:${n}` });
}

/**
 * A corrected result takes back what settlement `n` paid (nothing, if it paid nothing), by a
 * reversing transfer (history is never edited). A member who has already spent it gives back what
 * the wallet holds; the rest is answered as still owed.
 */
export async function takeBackPayout(tx: Tx, orderId: string, n: number): Promise<bigint> {
  const paid = await postedTransfer(tx, 'bet.payout', `bet:${orderId}:${n}`);
  if (!paid) return 0n;
  // Locked before it is read: a spend committed in between cannot leave the reversal short.
  const available = await lockedBalanceOf(tx, paid.to, paid.from);
  const taken = available < paid.amountMinor ? available : paid.amountMinor;
  if (taken > 0n) {
    await postTransfer(tx, { from: paid.to, to: paid.from, amountMinor: taken, kind: 'bet.payout.reversal', ref: `bet:${orderId}:${n}` });
  }
  return paid.amountMinor - taken;
}

export async function payCashOut(tx: Tx, o: BetOwner, orderId: string, amountMinor: bigint): Promise<void> {
  await postWithHouseSlice(tx, owner(o), { house: 'payouts', toHouse: false, amountMinor, kind: 'bet.cashout', ref: `bet:${orderId}` });
}

/**
 * After a commit that moved a member's money: their open clients re-read the balance. Pass the
 * main balance after the move when the transaction already knows it (saves reading it again).
 */
export const announce = (deps: Pick<Deps, 'db' | 'bus'>, o: BetOwner, mainAfterMinor?: bigint) =>
  announceBalance(deps, owner(o), 'bet', mainAfterMinor === undefined ? undefined : fromMinor(mainAfterMinor));
