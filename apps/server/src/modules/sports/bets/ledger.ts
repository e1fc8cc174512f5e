import type { Tx } from '../../../platform/db/index.ts';
import type { Deps } from '../../../platform/deps.ts';
import { announceBalance, balanceOf, houseAccount, memberAccount, postTransfer, type CurrencyCode, type WalletOwner } from '../../wallet/index.ts';

/**
 * The sportsbook's money, through the wallet's ledger, inside the caller's transaction. Stakes go
 * from the member's main wallet to the house's stakes account; everything paid back (winnings,
 * voids, cash outs) comes from the house's payouts account. Each movement is keyed by the bet's
 * order id, so the ledger itself refuses to move it twice.
 */
export interface BetOwner {
  memberId: number;
  siteId: number;
  currency: string;
}

const owner = (o: BetOwner): WalletOwner => ({ memberId: o.memberId, siteId: o.siteId, currency: o.currency as CurrencyCode });
const house = (tx: Tx, o: BetOwner, name: 'stakes' | 'payouts') => houseAccount(tx, o.siteId, o.currency as CurrencyCode, name);

export async function takeStake(tx: Tx, o: BetOwner, orderId: string, amountMinor: bigint): Promise<void> {
  await postTransfer(tx, { from: await memberAccount(tx, owner(o)), to: await house(tx, o, 'stakes'), amountMinor, kind: 'bet.stake', ref: `bet:${orderId}` });
}

/** A bet refused at the end of its in-play delay gets its stake back. */
export async function returnStake(tx: Tx, o: BetOwner, orderId: string, amountMinor: bigint): Promise<void> {
  await postTransfer(tx, { from: await house(tx, o, 'stakes'), to: await memberAccount(tx, owner(o)), amountMinor, kind: 'bet.refund', ref: `bet:${orderId}` });
}

/** Settlement number `n` of a bet pays `amountMinor` (winnings, a void's stake, half of a half-lost one). */
export async function payOut(tx: Tx, o: BetOwner, orderId: string, n: number, amountMinor: bigint): Promise<void> {
  if (amountMinor <= 0n) return;
  await postTransfer(tx, { from: await house(tx, o, 'payouts'), to: await memberAccount(tx, owner(o)), amountMinor, kind: 'bet.payout', ref: `bet:${orderId}:${n}` });
}

/**
 * A corrected result takes back what settlement `n` paid, by a reversing transfer (history is
 * never edited). A member who has already spent it gives back what the wallet holds; the rest
 * is answered as still owed.
 */
export async function takeBackPayout(tx: Tx, o: BetOwner, orderId: string, n: number, amountMinor: bigint): Promise<bigint> {
  if (amountMinor <= 0n) return 0n;
  const main = await memberAccount(tx, owner(o));
  const available = await balanceOf(tx, main);
  const taken = available < amountMinor ? available : amountMinor;
  if (taken > 0n) {
    await postTransfer(tx, { from: main, to: await house(tx, o, 'payouts'), amountMinor: taken, kind: 'bet.payout.reversal', ref: `bet:${orderId}:${n}` });
  }
  return amountMinor - taken;
}

export async function payCashOut(tx: Tx, o: BetOwner, orderId: string, amountMinor: bigint): Promise<void> {
  await postTransfer(tx, { from: await house(tx, o, 'payouts'), to: await memberAccount(tx, owner(o)), amountMinor, kind: 'bet.cashout', ref: `bet:${orderId}` });
}

/** After a commit that moved a member's money: their open clients re-read the balance. */
export const announce = (deps: Pick<Deps, 'db' | 'bus'>, o: BetOwner) => announceBalance(deps, owner(o), 'bet');
