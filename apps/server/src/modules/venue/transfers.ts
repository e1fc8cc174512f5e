import type { Db } from '../../platform/db/index.ts';
import { AppError, fail } from '../../platform/http/index.ts';
import { requestHash, type IdempotencyKey } from '../../platform/idempotency.ts';
import type { WalletOwner } from '../wallet/index.ts';
import { callVenue, type VenueOutcome } from './adapter.ts';
import { checkTransferIn, refuseIfClosed, venueAdapter } from './registry.ts';
import { offeredVenue } from './offers.ts';
import { isMainWalletVenue } from './main-wallet.ts';
import { beginFollow, beginTransfer, noteError, reserveFromVenue, settle, settleFollow, type TransferAnswer, type VenueMove } from './phases.ts';

export type { VenueMove } from './phases.ts';

/** An 'out' whose mirror is behind the venue: the venue's own balance is read while we hold the slot, then the reserve. */
async function reserveOut(db: Db, memberId: number, transferId: number, apiName: string): Promise<void> {
  try {
    const venueBalance = await callVenue(venueAdapter(db, apiName), (a) => a.balance(memberId));
    await reserveFromVenue(db, transferId, venueBalance);
  } catch (err) {
    // Nothing reached the venue's books: the transfer fails here and the key is freed.
    await settle(db, transferId, 'failed', null, String((err as Error).message));
    if (err instanceof AppError) throw err;
    fail('VENUE_UNAVAILABLE');
  }
}

/** The member's balance at the venue, or null when it does not answer. */
const venueHolds = (db: Db, memberId: number, apiName: string): Promise<bigint | null> =>
  callVenue(venueAdapter(db, apiName), (a) => a.balance(memberId)).catch(() => null);

/**
 * The venue refused. For an 'out' its balance is read while the slot is still ours: our mirror
 * follows it as the reserve is released, and more than it holds is INSUFFICIENT_BALANCE.
 */
async function refused(db: Db, owner: WalletOwner, move: VenueMove, transferId: number, reason: string): Promise<never> {
  const held = move.out ? await venueHolds(db, owner.memberId, move.apiName) : null;
  await settle(db, transferId, 'failed', held, reason);
  if (held !== null && held < move.amountMinor) fail('INSUFFICIENT_BALANCE');
  return fail('VENUE_UNAVAILABLE', { msg: reason });
}

/**
 * A two-phase transfer between the main wallet and a venue: reserve (main or venue -> transit,
 * the key held 'pending'), call the venue with our ref, then commit (transit -> target, key done)
 * or release (transit -> source, key freed). When the venue's answer is unknown (timeout, crash,
 * network) the transfer stays pending and answers VENUE_PENDING; the reconciliation settles it by
 * asking the venue, never by guessing. Three round trips to the database when all goes well.
 * Money goes in only where a product plays (offeredVenue); it always comes out.
 */
export async function transferWithVenue(db: Db, owner: WalletOwner, idem: IdempotencyKey | null, body: unknown, move: VenueMove): Promise<TransferAnswer> {
  if (!move.out) {
    const venue = await offeredVenue(db, move.apiName);
    refuseIfClosed(venue, 'VENUE_UNAVAILABLE');
    checkTransferIn(venue, owner.currency, move.amountMinor);
  } else if (await isMainWalletVenue(db, move.apiName)) fail('VENUE_PLAYS_FROM_MAIN');
  const begun = await beginTransfer(db, owner, idem?.key ?? null, idem ? requestHash(idem, body) : '', move);
  if ('answer' in begun) return begun.answer;
  if (!begun.reserved) await reserveOut(db, owner.memberId, begun.transferId, move.apiName);

  let outcome: VenueOutcome;
  try {
    outcome = await callVenue(venueAdapter(db, move.apiName), (a) => (move.out ? a.withdraw : a.deposit).call(a, begun.ref, owner.memberId, move.amountMinor));
  } catch (err) {
    await noteError(db, begun.transferId, err);
    return fail('VENUE_PENDING', { data: { ref: begun.ref } });
  }
  if (outcome.status === 'success') return settle(db, begun.transferId, 'success', outcome.balanceMinor);
  return refused(db, owner, move, begun.transferId, outcome.reason);
}

/**
 * Our mirror of the member's balance at the venue takes the venue's own figure when no transfer
 * will (the recover, after the member lost all they held there): the figure is read while a follow
 * holds the transfer slot, and the difference is booked as the member's result against the house.
 * Nothing to do while a transfer holds the slot: its settle moves the mirror.
 */
export async function followVenue(db: Db, owner: WalletOwner, apiName: string): Promise<void> {
  const followId = await beginFollow(db, owner, apiName);
  if (followId === null) return;
  const held = await venueHolds(db, owner.memberId, apiName);
  if (held === null) await settle(db, followId, 'failed', null, '游戏平台未应答');
  else await settleFollow(db, followId, held);
}
