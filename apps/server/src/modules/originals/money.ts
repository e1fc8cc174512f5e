import { fromMinor, ORIGINALS_AMOUNT, ORIGINAL_NAMES, toMinor, type OriginalGame } from '@bp/contract';
import type { Db, Tx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { recordRound, openRound, closeRound } from '../casino/index.ts';
import { listVenues, refuseIfClosed } from '../venue/index.ts';
import { houseSlicePosting, postWithHouseSlice, type BatchPosting, type WalletOwner } from '../wallet/index.ts';
import type { RoundSeeds } from './seeds.ts';

/**
 * The originals' money, from the main wallet through the ledger in the round's own transaction:
 * the stake to the member's slice of the house's stakes account, a payout from their slice of
 * payouts; each keyed by the round, so the ledger itself refuses to move it twice. Every round is
 * written to the game records (casino) in the same transaction, under the venue ORIG.
 */
export const ORIGINALS_VENUE = 'ORIG';

/** A round's id: its seed pair and nonce, which no other round shares. */
export const roundIdOf = (seeds: RoundSeeds): string => `ORIG-${seeds.seedId}-${seeds.nonce}`;

/** The stake in minor units, within the originals' limits; refused while ORIG is under maintenance. */
export async function stakeOf(db: Db, amount: number): Promise<bigint> {
  if (amount < ORIGINALS_AMOUNT.min || amount > ORIGINALS_AMOUNT.max) fail('ORIGINALS_AMOUNT_RANGE');
  const venue = (await listVenues(db)).find((v) => v.api_name === ORIGINALS_VENUE);
  if (!venue) return fail('ORIGINALS_CLOSED');
  refuseIfClosed(venue, 'ORIGINALS_CLOSED');
  return toMinor(amount);
}

const STAKE = 'bet.stake.originals';
const PAYOUT = 'bet.payout.originals';
const ledgerRef = (roundId: string) => `orig:${roundId}`;

/** A round's postings in the ledger: its stake and, when it won, its payout. */
export const ledgerOfRound = (roundId: string) => [STAKE, PAYOUT].map((kind) => ({ kind, ref: ledgerRef(roundId) }));

/** A round's stake, for the ledger's batched posting: main to the member's slice of the house's stakes. */
export const stakePosting = (owner: WalletOwner, roundId: string, amountMinor: bigint): BatchPosting =>
  houseSlicePosting(owner, { house: 'stakes', toHouse: true, amountMinor, kind: STAKE, ref: ledgerRef(roundId) });

/** A round's payout, for the ledger's batched posting: the member's slice of the house's payouts to main. */
export const payoutPosting = (owner: WalletOwner, roundId: string, amountMinor: bigint): BatchPosting =>
  houseSlicePosting(owner, { house: 'payouts', toHouse: false, amountMinor, kind: PAYOUT, ref: ledgerRef(roundId) });

/** Takes the stake; answers the main balance after it (INSUFFICIENT_BALANCE when short). */
export async function takeStake(tx: Tx, owner: WalletOwner, roundId: string, amountMinor: bigint): Promise<bigint> {
  const posted = await postWithHouseSlice(tx, owner, { house: 'stakes', toHouse: true, amountMinor, kind: STAKE, ref: ledgerRef(roundId) });
  return posted.fromBalance;
}

/** Pays a round; answers the main balance after it. */
export async function payOut(tx: Tx, owner: WalletOwner, roundId: string, amountMinor: bigint, mainBefore: bigint): Promise<bigint> {
  if (amountMinor <= 0n) return mainBefore;
  const posted = await postWithHouseSlice(tx, owner, { house: 'payouts', toHouse: false, amountMinor, kind: PAYOUT, ref: ledgerRef(roundId) });
  return posted.toBalance;
}

/** How a round is written to the game records: who, which original, its seeds and outcome. */
export function roundOpening(
  owner: WalletOwner,
  game: OriginalGame,
  seeds: RoundSeeds,
  stakeMinor: bigint,
  mainAfterStake: bigint,
  detail: Record<string, unknown>,
) {
  return {
    roundId: roundIdOf(seeds),
    memberId: owner.memberId,
    siteId: owner.siteId,
    apiName: ORIGINALS_VENUE,
    kind: 'originals' as const,
    gameCode: game,
    gameName: ORIGINAL_NAMES[game],
    stakeMinor,
    balanceBeforeMinor: mainAfterStake + stakeMinor,
    detail: { ...detail, seedId: seeds.seedId, serverSeedHash: seeds.serverSeedHash, clientSeed: seeds.clientSeed, nonce: seeds.nonce },
  };
}

export { recordRound, openRound, closeRound };
export const money = (minor: bigint): number => fromMinor(minor);
