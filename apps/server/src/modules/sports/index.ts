import path from 'node:path';
import { sql } from 'drizzle-orm';
import fastifyStatic from '@fastify/static';
import type { Deps, Module } from '../../platform/deps.ts';
import { clock } from '../../platform/clock.ts';
import { bookRoutes } from './routes.ts';
import { betRoutes } from './bet-routes.ts';
import { builtInFeed } from './feed/simulator.ts';
import { applyFeedEvents } from './feed/apply.ts';
import { loadView } from './feed/view.ts';
import { startSportsJobs } from './jobs.ts';

/**
 * The sportsbook. The book (leagues, matches, markets, prices) is kept by an odds feed behind
 * `FeedAdapter` (the built-in simulator by default; one instance drives it, holding a lease);
 * members bet on it with their main wallet through the wallet's ledger; results settle every bet
 * once, each in its own transaction, corrections by reversing transfers.
 *
 * In-play bets do not make the call wait: a bet on a live match is accepted as `pending_delay`
 * with its stake taken, and once the site's delay is over (site config `sports_inplay_delay_ms`,
 * default 5000, 0 for none) its price is checked again, by the book's job every 500 ms or by the
 * member's next records call, whichever comes first: it becomes `pending`, or `rejected` with the
 * stake returned.
 */
export type { FeedAdapter, FeedEvent, FeedView, FeedMarket } from './feed/adapter.ts';
export type { MatchResult } from './markets/grade.ts';
export { applyFeedEvents } from './feed/apply.ts';
export { builtInFeed } from './feed/simulator.ts';
export { feedTick, FEED_LEASE } from './jobs.ts';
export { findMatch, findMatches, listMatches, finishedMatches, type Match } from './book/matches.ts';
/** Selections as tipsters' picks name them, graded once the book settled their match (the promo module's experts). */
export { pickedSelections, type PickedSelection } from './book/picks.ts';
export { setVenueStatus, venueStatuses, currentVenues, venueName } from './book/venues.ts';
/** A member's own bet by its order id (e.g. to share it in a chat room). */
export { memberBet } from './bets/records.ts';
/** Modules that follow settlements register here (once per process); each is told after the bet's commit. */
export { whenBetSettled, type SettlementListener } from './settle/settle-match.ts';
export type { Settled } from './settle/settle-bet.ts';
/** Settled bets as valid-turnover rows (the vip module's records), by order ids or settlement window. */
export { settledBetsForTurnover } from './settle/valid-turnover.ts';
export { setStakeFactor } from './bets/limits.ts';
/** Modules that limit stakes (the vip module while a bonus is wagering) register here, once per process. */
export { addStakeRule, type StakeRule } from './bets/limits.ts';
export { confirmDueBets } from './bets/confirm.ts';
export { settleMatch, settleDueMatches } from './settle/settle-match.ts';
export { setMatchMedia } from './book/media.ts';
export { INPLAY_DELAY_KEY } from './bet-routes.ts';
/** The operator's desk: fixtures with the house's exposure, holds, hand-entered results, voids and resettlements. */
export { listFixtures, findFixture, fixtureMarkets } from './desk/board.ts';
export { holdMatch, holdMarket } from './desk/holds.ts';
export { enterResult, voidMarket, resettleMarket, settleResultBets, settleMarketBets, marketState, type DeskSettlement } from './desk/results.ts';

/** Team and league crests and the match animations, served under /assets/sports/. */
export const SPORTS_ASSETS_DIR = path.resolve(import.meta.dirname, '../../../assets/sports');

/** An empty book gets the built-in feed's first schedule (with prices), so the demo site has matches. */
async function seedBook(deps: Deps): Promise<void> {
  const { rows } = await deps.db.execute(sql`SELECT 1 FROM sports_matches LIMIT 1`);
  if (rows.length > 0) return;
  const feed = builtInFeed();
  await applyFeedEvents(deps, await feed.pull(await loadView(deps.db, clock.now(), deps.config.feedSpeed)));
}

export const sportsModule: Module = {
  name: 'sports',
  sqlFunctions: path.join(import.meta.dirname, 'sql'),
  async install(app, deps) {
    await app.register(fastifyStatic, { root: SPORTS_ASSETS_DIR, prefix: '/assets/sports/', decorateReply: false, maxAge: '7d', index: false });
    bookRoutes(app, deps);
    betRoutes(app, deps);
  },
  seed: seedBook,
  async start(deps) {
    return startSportsJobs(deps, builtInFeed());
  },
};
