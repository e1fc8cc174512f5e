import type { Tx } from '../../platform/db/index.ts';

/** A member's game round, as those following play are told of it. */
export interface RoundPlayed {
  memberId: number;
  siteId: number;
  /** The round's own reference (ticket and Idempotency-Key): one round, one ref. */
  ref: string;
  /** egame | live | chess */
  category: 'egame' | 'live' | 'chess';
  stakeMinor: bigint;
  payoutMinor: bigint;
}

/** Told inside the round's transaction, so what it records commits, or not, with the round. */
export type RoundListener = (tx: Tx, round: RoundPlayed) => Promise<void>;

// Registered once per process by the modules that follow play (the vip module's valid turnover),
// so the casino never imports them.
const listeners = new Set<RoundListener>();

export function whenRoundPlayed(listener: RoundListener): void {
  listeners.add(listener);
}

export async function tellRoundPlayed(tx: Tx, round: RoundPlayed): Promise<void> {
  for (const listener of listeners) await listener(tx, round);
}
