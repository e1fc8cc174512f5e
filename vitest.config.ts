import { defineConfig } from 'vitest/config';

// One test command for the whole repo: `npm test` runs every project.
export default defineConfig({
  test: {
    // Most of a server test's time is spent waiting on its database: three files at a time keep
    // both cores of a CI machine busy.
    maxWorkers: 3,
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
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
