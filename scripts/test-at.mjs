#!/usr/bin/env node
// Runs tests with the machine's clock set to a chosen Beijing time, moving on from there: a test
// that meets midnight (the Shanghai day turns), 22:00 (sessions end) or a month's end is found
// here rather than by a CI run that happens to start then. libfaketime (Debian's `faketime`)
// moves the clock of every process it starts, so this runs on the embedded database, whose clock
// is the process's: PostgreSQL's would not move.
//
//   node scripts/test-at.mjs "2026-11-29 23:59:30" apps/server/src/modules/promo
import { spawnSync } from 'node:child_process';

const [at, ...args] = process.argv.slice(2);
const target = Date.parse(`${(at ?? '').replace(' ', 'T')}+08:00`);
if (Number.isNaN(target)) {
  console.error('usage: node scripts/test-at.mjs "YYYY-MM-DD HH:MM:SS" (Beijing time) [vitest arguments]');
  process.exit(2);
}
const offset = Math.round((target - Date.now()) / 1000);
// The server's files only: the browser journeys share the server's project (vitest.config.ts).
const env = { ...process.env, DATABASE_URL: '', REDIS_URL: '', FAKETIME_DONT_FAKE_MONOTONIC: '1', BROWSER_JOURNEYS: 'off' };
const run = spawnSync('faketime', ['-f', `${offset >= 0 ? '+' : ''}${offset}s`, 'npx', 'vitest', 'run', '--project', 'server', ...args], {
  stdio: 'inherit',
  env,
});
if (run.error) console.error(`${run.error.message}: install Debian's faketime (apt-get install faketime)`);
process.exit(run.status ?? 1);
