import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser journeys are the longest files. Run one after another at the end, they left the
 * other workers idle for minutes; spread through the queue (in vitest's order: the longest last
 * time, else the largest, first), each runs beside the quicker server and web files instead.
 */
class JourneysSpread extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const journeys = sorted.filter((f) => f.project.name === 'e2e');
    const rest = sorted.filter((f) => f.project.name !== 'e2e');
    if (journeys.length === 0) return sorted;
    const gap = Math.ceil(rest.length / journeys.length);
    return journeys.flatMap((journey, i) => [journey, ...rest.slice(i * gap, (i + 1) * gap)]);
  }
}

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
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
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
      {
        // Browser journeys: each file has a server and a Chromium of its own, so they run beside
        // the other files (the site is built once, under a lock: e2e/harness.ts).
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
