import type { DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { transfersOf, type LedgerRef } from '../wallet/index.ts';
import { operatorRecord, type OperatorRecord } from './records.ts';

/**
 * The operator's recall of one round: its record, what proves its outcome and its postings in the
 * ledger. Games played from the main wallet register how to find these for their rounds (the
 * originals, seamless providers); a game played from a venue's own wallet moves its round's money
 * at the venue, so the ledger holds none of it (only the member's transfers to and from it).
 */
export interface RoundRecall {
  /** Whether the round is this game's. */
  owns(db: DbOrTx, round: OperatorRecord): Promise<boolean>;
  /** Its ledger postings by (kind, ref). */
  ledger(db: DbOrTx, round: OperatorRecord): Promise<LedgerRef[]>;
  /** What proves its outcome (the originals' seeds), when the game has such a proof. */
  proof?(db: DbOrTx, round: OperatorRecord): Promise<Record<string, unknown>>;
}

const recalls = new Set<RoundRecall>();

/** A game played from the main wallet registers its rounds' recall here (once per process). */
export function recallRoundsWith(recall: RoundRecall): void {
  recalls.add(recall);
}

/** One round for an operator of these sites (null: every site); GAME_ROUND_UNKNOWN when none is theirs. */
export async function recallRound(db: DbOrTx, roundId: string, siteIds: number[] | null) {
  const round = await operatorRecord(db, roundId);
  if (!round || (siteIds && !siteIds.includes(round.siteId))) return fail('GAME_ROUND_UNKNOWN');
  const list = [...recalls];
  const owned = await Promise.all(list.map((r) => r.owns(db, round)));
  const recall = list.find((_, i) => owned[i]);
  if (!recall) return { round, proof: null, transfers: [], moneyAt: 'venue' as const };
  const [refs, proof] = await Promise.all([recall.ledger(db, round), recall.proof?.(db, round) ?? null]);
  return { round, proof, transfers: await transfersOf(db, refs), moneyAt: 'ledger' as const };
}
