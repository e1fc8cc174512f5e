/**
 * `npm run vip:close-day -- YYYY-MM-DD`: runs the vip module's daily job for a Shanghai day that
 * ended (the day's turnover caught up, the upgrade review, the rebates) on the configured
 * database, as the server's job does; safe to run again or beside the server (each grant is once).
 * Without a day: yesterday. Prints `closing <day>` as it starts, then what it granted and how long
 * it took (a JSON line).
 */
import { DAY_MS, shanghaiDay } from '@bp/contract';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/index.ts';
import { closeDay } from '../modules/vip/index.ts';

const day = process.argv[2] ?? shanghaiDay(Date.now() - DAY_MS);
if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
  console.error('usage: vip-close-day [YYYY-MM-DD]');
  process.exit(2);
}
const database = await openDatabase(loadConfig());
try {
  console.log(`closing ${day}`);
  const started = performance.now();
  const done = await closeDay(database.db, day);
  console.log(JSON.stringify({ day, ...done, ms: Math.round(performance.now() - started) }));
} finally {
  await database.close();
}
