import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Module } from '../../platform/deps.ts';
import { every } from '../../platform/jobs.ts';
import { HOUSEKEEPING_MS } from '../../platform/retention.ts';
import { casinoRoutes } from './routes.ts';
import { gamePageRoute } from './game-page.ts';
import { GAME_IMAGE_PREFIX, seedGames } from './demo.ts';
import { cataloguedVenues } from './catalogue.ts';
import { offerVenuesOf } from '../venue/index.ts';
import { countVenueBookPlay } from '../wallet/index.ts';
import { venueBookPlay } from './report-play.ts';
import { pruneRounds, recordRetentionDays } from './retention.ts';

/** Game tiles: assets/games/<gameId>.svg, served under /assets/games/. */
const GAMES_DIR = path.resolve(import.meta.dirname, '../../../assets/games');

countVenueBookPlay(venueBookPlay);

/**
 * Electronic games (seed 7): the catalogue per venue, members' collections, venue launch with
 * auto-transfer, visitors' demos, and the built-in sandbox slot settled at the sandbox venue.
 */
export { RETURN_TO_PLAYER } from './slot.ts';
/** Modules that follow members' rounds register here (once per process); told inside the round's transaction. */
export { whenRoundPlayed, type RoundPlayed, type RoundListener } from './rounds.ts';
/** Stake rules of other modules (bonus wagering's limit), which a game may ask before it takes stakes (a batch refuses each alone). */
export { addRoundStakeRule, roundStakeRefusals, type RoundStakeRule } from './rounds.ts';
/**
 * Game records: every game writes each round here inside the round's money transaction
 * (recordRound for one step; openRound then closeRound for a round that waits for its result);
 * valid turnover follows from it. listRecords is the member's and the operator's recall.
 */
export {
  recordRound,
  recordRounds,
  openRound,
  closeRound,
  restakeRound,
  openRoundsOf,
  listRecords,
  listOperatorRecords,
  type OperatorRecord,
  type RoundOpening,
  type RoundSettlement,
  type RecordFilter,
} from './records.ts';
/** A seamless provider's launch token is the ticket, which `liveTicket` answers while the launching session lives. */
export { liveTicket, type Ticket } from './tickets.ts';
/** The operator's recall of one round (its record, proof and ledger); main-wallet games register how. */
export { recallRound, recallRoundsWith, type RoundRecall } from './recall.ts';
/**
 * Game records are pruned GAME_RECORD_RETENTION_DAYS after they closed (hourly), except those a
 * module registered with `keepRoundsWhile` still refers to; games pruning their own rows behind
 * records use the same window (`recordRetentionDays` checks it); games whose own rows stand behind
 * their records register a pruner (`pruneWithRecords`) that the same job runs after the records.
 */
export { keepRoundsWhile, recordRetentionDays, pruneRecords, pruneRounds, pruneWithRecords, type RoundKeeper, type RoundRowsPruner } from './retention.ts';
/** Games other modules play (the live tables at AG) join the catalogue so their venue is offered. */
export { listGame } from './catalogue.ts';
/** The open built-in sandbox venue a built-in game plays at. */
export { sandboxVenue, venueStanding } from './play.ts';

// A venue takes members' money only while the catalogue has something to play there.
offerVenuesOf(cataloguedVenues);

export const casinoModule: Module = {
  name: 'casino',
  async install(app, deps) {
    await app.register(fastifyStatic, { root: GAMES_DIR, prefix: GAME_IMAGE_PREFIX, decorateReply: false, maxAge: '1d', index: false });
    recordRetentionDays(deps.config.gameRecordRetentionDays);
    casinoRoutes(app, deps);
    gamePageRoute(app);
  },
  seed: seedGames,
  async start(deps) {
    return every(
      HOUSEKEEPING_MS,
      async () => {
        const gone = await pruneRounds(deps.db, deps.config.gameRecordRetentionDays);
        if (Object.values(gone).some((n) => n > 0)) deps.log.info(gone, 'game records past retention deleted');
      },
      (err) => deps.log.error({ err }, 'game record retention failed'),
    );
  },
};
