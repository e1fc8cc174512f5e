import { sql } from 'drizzle-orm';
import { DAY_MS, shanghaiDay, shanghaiParts, shanghaiWeekStartDay } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { every } from '../../platform/jobs.ts';
import { clock } from '../../platform/clock.ts';
import { grantRebates, recordDayTurnover } from './rebate.ts';
import { dayAfter, grantPeriodBonus } from './periodic.ts';
import { reviewMonth, reviewUpgrades } from './standing.ts';
import { lapseDueWagering } from './wagering.ts';

/** Runs `work` for (job, period) unless a run of it finished; the work is idempotent by itself. */
async function runOnce(db: Db, job: string, period: string, work: () => Promise<unknown>): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM vip_job_runs WHERE job = ${job} AND period = ${period}`);
  if (rows.length > 0) return false;
  await work();
  await db.execute(sql`INSERT INTO vip_job_runs (job, period) VALUES (${job}, ${period}) ON CONFLICT DO NOTHING`);
  return true;
}

/**
 * The daily job of a Shanghai day that ended, set-based: the day's settled bets not yet recorded,
 * the review raising every member who played to the level reached (upgrade bonuses granted), then
 * the day's rebates at the levels so reached. Each step is a transaction whose grants are keyed
 * (member, source, ref), so a run killed at any point and run again, or two runs at once, grant
 * each member's rebate and upgrade bonus once. Answers what it granted and each step's milliseconds.
 */
export async function closeDay(db: Db, day: string): Promise<{ raised: number; rebates: number; stepsMs: number[] }> {
  const stepsMs: number[] = [];
  const timed = async <T>(step: Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await step;
    stepsMs.push(Math.round(performance.now() - started));
    return result;
  };
  await timed(recordDayTurnover(db, day));
  const raised = await timed(reviewUpgrades(db, day));
  const rebates = await timed(grantRebates(db, day));
  return { raised, rebates, stepsMs };
}

/** 'YYYY-MM' of the Shanghai month before the one containing `at`. */
export function previousMonth(at: number): string {
  const { year, month } = shanghaiParts(at);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/**
 * The periods that ended before `at` (Shanghai): yesterday's rebate, last week's bonus, last
 * month's bonus and then its review. Safe to run at any time, twice, or on two instances.
 */
export async function runDuePeriods(db: Db, at = clock.now()): Promise<void> {
  const yesterday = shanghaiDay(at - DAY_MS);
  await runOnce(db, 'rebate', yesterday, () => closeDay(db, yesterday));
  const lastWeek = shanghaiWeekStartDay(at - 7 * DAY_MS);
  await runOnce(db, 'weekly', lastWeek, () => grantPeriodBonus(db, 'weekly', { from: lastWeek, to: dayAfter(lastWeek, 7), ref: lastWeek }));
  const month = previousMonth(at);
  const monthEnd = shanghaiDay(Date.parse(`${month}-01T00:00:00+08:00`) + 32 * DAY_MS).slice(0, 8) + '01';
  await runOnce(db, 'monthly', month, async () => {
    await grantPeriodBonus(db, 'monthly', { from: `${month}-01`, to: monthEnd, ref: month });
    await reviewMonth(db, month);
  });
}

/** Checked each minute on every instance; the periods' keys keep each to once. */
export function startVipJobs(deps: Deps): () => Promise<void> {
  const log = (err: unknown) => deps.log.error({ err }, 'vip job failed');
  return every(
    60_000,
    async () => {
      await runDuePeriods(deps.db);
      await lapseDueWagering(deps.db);
    },
    log,
  );
}
