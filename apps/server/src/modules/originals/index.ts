import type { Module } from '../../platform/deps.ts';
import { builtInVenue, playFromMainAt } from '../venue/index.ts';
import { pruneWithRecords, recallRoundsWith } from '../casino/index.ts';
import { ledgerOfRound, ORIGINALS_VENUE } from './money.ts';
import { roundProof } from './seeds.ts';
import { originalsRoutes } from './routes.ts';
import { pruneOriginals } from './retention.ts';

/**
 * House originals, provably fair (issue 16 part 3): dice, limbo, mines, plinko and keno, played
 * from the main wallet with Stake's published scheme; seed pairs, rotation, rounds and revealed
 * seeds for verification. Every round is in the game records under the venue ORIG.
 */
export { ORIGINALS_VENUE } from './money.ts';

// ORIG plays from the main wallet: never a transfer target, never a venue balance.
playFromMainAt(builtInVenue(ORIGINALS_VENUE));
// The operator's recall of a round: its stake and payout in the ledger, its seeds as the proof.
recallRoundsWith({
  owns: async (_db, round) => round.api_name === ORIGINALS_VENUE,
  ledger: async (_db, round) => ledgerOfRound(round.roundId),
  proof: (db, round) => roundProof(db, round.memberId, round.detail),
});
// Settled boards and revealed pairs go with their game records, by the casino's job and window.
pruneWithRecords('originals', pruneOriginals);

export const originalsModule: Module = {
  name: 'originals',
  install(app, deps) {
    originalsRoutes(app, deps);
  },
};
