import type { DbOrTx, Tx } from '../../platform/db/index.ts';
import type { AppError } from '../../platform/http/index.ts';

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
  /** The game asked roundStakeRefusals before it took the stake: the listener need not ask again. */
  stakeChecked?: boolean;
}

/**
 * Told inside the rounds' transaction (one or a batch, each of its own member), so what it records
 * commits, or not, with them. Throwing refuses them all: nothing of the transaction is kept.
 */
export type RoundListener = (tx: Tx, rounds: RoundPlayed[]) => Promise<void>;

/** Each stake's refusal by a rule of another module (the vip module's bonus wagering limit), or null. */
export type RoundStakeRule = (tx: DbOrTx, stakes: Array<{ memberId: number; stakeMinor: bigint }>) => Promise<Array<AppError | null>>;

// Registered once per process by the modules that follow play (the vip module's valid turnover),
// so the casino never imports them.
const listeners = new Set<RoundListener>();
const stakeRules = new Set<RoundStakeRule>();

export function whenRoundPlayed(listener: RoundListener): void {
  listeners.add(listener);
}

export function addRoundStakeRule(rule: RoundStakeRule): void {
  stakeRules.add(rule);
}

export async function tellRoundPlayed(tx: Tx, rounds: RoundPlayed[]): Promise<void> {
  if (rounds.length === 0) return;
  for (const listener of listeners) await listener(tx, rounds);
}

/** For a game that checks stakes before taking them (a batch refuses each alone): each stake's first refusal, or null. */
export async function roundStakeRefusals(tx: DbOrTx, stakes: Array<{ memberId: number; stakeMinor: bigint }>): Promise<Array<AppError | null>> {
  const refusals: Array<AppError | null> = stakes.map(() => null);
  if (stakes.length === 0) return refusals;
  for (const rule of stakeRules) (await rule(tx, stakes)).forEach((r, i) => (refusals[i] ??= r));
  return refusals;
}
