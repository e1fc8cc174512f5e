import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Deps } from '../../platform/deps.ts';
import { clock } from '../../platform/clock.ts';
import type { FeedAdapter } from './feed/adapter.ts';
import { applyFeedEvents } from './feed/apply.ts';
import { holdLease, releaseLease } from './feed/lease.ts';
import { loadView } from './feed/view.ts';
import { confirmDueBets } from './bets/confirm.ts';
import { settleDueMatches } from './settle/settle-match.ts';
import { every } from '../../platform/jobs.ts';

export const FEED_LEASE = 'feed';
/** The lease outlives a few missed ticks, so a slow tick does not hand the feed over. */
const LEASE_MS = 10_000;
/** The book's own work (delays ending, results to settle) runs this often. */
const BOOK_MS = 500;

/** Real milliseconds between feed ticks: a fast feed (FEED_SPEED) ticks more often. */
export const feedTickMs = (speed: number) => (speed >= 60 ? 250 : 1000);

/**
 * One tick of the feed: if this instance holds the lease, show the adapter the open matches, apply
 * what it answers. Answers the matches that got a result.
 */
export async function feedTick(deps: Pick<Deps, 'db' | 'bus' | 'config'>, adapter: FeedAdapter, holder: string): Promise<number[]> {
  if (!(await holdLease(deps.db, FEED_LEASE, holder, LEASE_MS))) return [];
  const view = await loadView(deps.db, clock.now(), deps.config.feedSpeed);
  return applyFeedEvents(deps, await adapter.pull(view));
}

/**
 * The sportsbook's jobs on this instance: the feed (only while holding its lease, so one instance
 * drives it), and the book's work, safe on every instance at once because each bet is decided in
 * its own transaction guarded by its state.
 */
export function startSportsJobs(deps: Deps, adapter: FeedAdapter): () => Promise<void> {
  const { log } = deps;
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const stopping = new AbortController();
  const stopFeed = every(
    feedTickMs(deps.config.feedSpeed),
    () => feedTick(deps, adapter, holder),
    (err) => log.error({ err }, 'sports feed tick failed'),
  );
  const stopBook = every(
    BOOK_MS,
    async () => {
      await confirmDueBets(deps);
      for (const report of await settleDueMatches(deps, stopping.signal)) {
        for (const f of report.failed) log.error({ err: f.error, betId: f.betId }, 'bet settlement failed; retried on the next run');
      }
    },
    (err) => log.error({ err }, 'sports book run failed'),
  );
  return async () => {
    stopping.abort();
    await Promise.all([stopFeed(), stopBook()]);
    await releaseLease(deps.db, FEED_LEASE, holder).catch(() => undefined);
  };
}
