import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser journeys are the longest files. Run one after another at the end, they left the
 * other workers idle for minutes; spread through the queue (in vitest's order: the longest last
 * time, else the largest, first), each runs beside the quicker server and web files instead.
 */
const isJourney = (f: TestSpecification) => f.moduleId.includes('/e2e/') && f.project.name === 'server';

class JourneysSpread extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const journeys = sorted.filter(isJourney);
    const rest = sorted.filter((f) => !isJourney(f));
    if (journeys.length === 0) return sorted;
    const gap = Math.ceil(rest.length / journeys.length);
    return journeys.flatMap((journey, i) => [journey, ...rest.slice(i * gap, (i + 1) * gap)]);
  }
}

/** The browser journeys on a live book. */
const LIVE_BOOK = 'e2e/sports.test.ts';
/**
 * A journey starts a server and a Chromium, and may build the site first (under a lock). The
 * longest journeys (the wallet's) take 45-50 s on a busy two-core machine: the limit catches a
 * hang, not a slow machine. `expect.poll` gives up after 1 s by default: on a busy machine a page's
 * first answer came later than that (the history page, in a CI run), so a journey polls as long as
 * Playwright's own waits.
 */
const JOURNEY_LIMITS = { testTimeout: 120_000, hookTimeout: 240_000, expect: { poll: { timeout: 15_000 } } };

/** `BROWSER_JOURNEYS=off` leaves the browser journeys out (a quick run of the server and web tests). */
const BROWSER_JOURNEYS = process.env.BROWSER_JOURNEYS !== 'off';

/**
 * The server's files and the browser journeys (each file has a server and a Chromium of its own,
 * so they run beside the other files; the site is built once, under a lock: e2e/harness.ts) share
 * their worker's modules: importing the server once per worker instead of once per file took the
 * server's files from 249 s to 98 s on PGlite, and a journey's import cost 5 s more when journeys
 * were a project of their own, interleaved with the server's files (their workers were seldom
 * reused). Each file starts its own test server on its own database; module state is
 * kept per database (caches, blockades, venue adapters) or put back after each test (the clock, the
 * hashing cost). The limits are the journeys': a server test that hangs fails after 2 minutes.
 */
const SERVER_AND_JOURNEYS = {
  test: {
    name: 'server',
    include: ['apps/server/src/**/*.test.ts', ...(BROWSER_JOURNEYS ? ['e2e/**/*.test.ts'] : [])],
    exclude: [LIVE_BOOK],
    isolate: false,
    setupFiles: ['apps/server/src/test/each-file.ts'],
    ...JOURNEY_LIMITS,
  },
};

/** The embedded database's proofs (below): the server's limits before the journeys joined them. */
const SERVER_LIMITS = { isolate: false, testTimeout: 30_000, hookTimeout: 60_000 };

/**
 * The sportsbook's journeys run a live book (the feed's ticks and the book's jobs) in their own
 * process, beside the in-process server and Chromium. Beside the other files on a busy two-core
 * machine they ran 3.5 to 6 times slower than alone, past their time limits, and the whole PGlite
 * run took longer than with them last: they run last, on their own (projects run in groupOrder, 0
 * by default).
 */
const LIVE_BOOK_PROJECT = {
  test: {
    name: 'e2e-live',
    include: [LIVE_BOOK],
    sequence: { groupOrder: 1 },
    isolate: false,
    ...JOURNEY_LIMITS,
  },
};

/**
 * With PostgreSQL (DATABASE_URL, as in CI) every test runs there, and then the embedded database's
 * own proofs run again on PGlite and the in-process bus, as a developer's `npm test` without
 * services runs them: the ledger and its audit, races over one balance, the schema, kill -9
 * mid-settlement and mid-transfer. They spread through the run beside the other files instead of
 * a second run of their own after it. CI is unset for them: under CI=true the Redis tests are
 * required, and the run on PostgreSQL has them.
 */
const EMBEDDED_PROOFS = process.env.DATABASE_URL
  ? [
      {
        test: {
          name: 'pglite',
          include: [
            'apps/server/src/modules/wallet/ledger*.test.ts',
            'apps/server/src/modules/venue/transfer-races.test.ts',
            'apps/server/src/scripts/ledger-audit.test.ts',
            'apps/server/src/test/schema.test.ts',
            'apps/server/src/test/server-kill.test.ts',
          ],
          env: { DATABASE_URL: '', REDIS_URL: '', CI: '' },
          ...SERVER_LIMITS,
        },
      },
    ]
  : [];

// One test command for the whole repo: `npm test` runs every project.
export default defineConfig({
  test: {
    // Most of a server test's time is spent waiting on its database: three files at a time keep
    // both cores of a CI machine busy.
    maxWorkers: 3,
    sequence: { sequencer: JourneysSpread },
    // The PGlite database every test server starts from a copy of (apps/server/src/test/harness.ts).
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      SERVER_AND_JOURNEYS,
      ...EMBEDDED_PROOFS,
      {
        // The web's client code (request path, sockets, uploads) against the real server: the one
        // place that imports both halves, as the browser journeys do.
        test: {
          name: 'integration',
          include: ['integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // A few web tests start the real server, which takes longer on a busy 2-core machine.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(BROWSER_JOURNEYS ? [LIVE_BOOK_PROJECT] : []),
    ],
  },
});
