import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DAY_MS, shanghaiDay } from '@bp/contract';
import { postgresEnv, startTestServer, type TestServer } from '../../test/harness.ts';
import { expectLedgerSound } from '../wallet/testing.ts';
import { closeDay } from './index.ts';
import { grantDifferencesSql, settledDaySql, undoDaySql } from './testing.ts';

/**
 * The daily job (rebates and the upgrade review) over 20,000 bets of 2,000 members, made as the
 * products leave them (testing.ts settledDaySql, the benchmark's rows): whole, then dying halfway
 * and run again by two instances at once, each member granted once. The figures it must reach are
 * computed apart from the job, from the bets and the ledger.
 */
let s: TestServer;
const day = shanghaiDay(Date.now() - DAY_MS);
beforeAll(async () => {
  s = await startTestServer();
  await s.deps.database.exec(settledDaySql(day, 2_000, 20_000));
}, 120_000);
afterAll(async () => {
  await expectLedgerSound(s);
  await s.close();
});

const rows = async <T>(query: ReturnType<typeof sql>) => (await s.deps.db.execute(query)).rows as T[];
const count = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: string }>(query))[0].n);
const upgrades = () => count(sql`SELECT count(*) AS n FROM vip_bonuses WHERE source = 'upgrade'`);
const rebates = () => count(sql`SELECT count(*) AS n FROM vip_bonuses WHERE source = 'rebate' AND ref LIKE ${`${day}:%`}`);
/** Each line of the comparison: what, what the job granted, what it had to. */
const differences = async () => rows<{ what: string; got: string; want: string }>(sql.raw(grantDifferencesSql(day)));
const expectExactlyOnce = async () => {
  const lines = await differences();
  expect(lines).toHaveLength(4);
  for (const line of lines) expect(line.got, line.what).toBe(line.want);
  expect(Number(lines[0].want.split(' / ')[0])).toBeGreaterThan(1_000);
};

describe('the daily rebate and VIP review', () => {
  it('[S7-14] grants each member of the day their rebates at the level reached and the upgrade bonuses once, run again or not', async () => {
    const done = await closeDay(s.deps.db, day);
    expect(done.raised).toBeGreaterThan(500);
    await expectExactlyOnce();
    expect(await closeDay(s.deps.db, day)).toMatchObject({ raised: 0, rebates: 0 });
    await expectExactlyOnce();
  }, 120_000);

  it('[S7-14] a run that dies inside the rebates, run again by two instances at once, grants every rebate and upgrade bonus once', async () => {
    await s.deps.database.exec(undoDaySql());
    // The job dies at its 1,000th rebate, halfway through the rebates' statement, after the upgrade review committed.
    await s.deps.database.exec(`
      CREATE SEQUENCE rb_rebates_made;
      CREATE FUNCTION rb_die() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.source = 'rebate' AND nextval('rb_rebates_made') = 1000 THEN RAISE EXCEPTION 'the job died'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER rb_die BEFORE INSERT ON vip_bonuses FOR EACH ROW EXECUTE FUNCTION rb_die();`);
    await expect(closeDay(s.deps.db, day)).rejects.toThrow();
    await s.deps.database.exec(`DROP TRIGGER rb_die ON vip_bonuses; DROP FUNCTION rb_die(); DROP SEQUENCE rb_rebates_made;`);
    expect(await upgrades()).toBeGreaterThan(500);
    expect(await rebates()).toBe(0);
    await Promise.all([closeDay(s.deps.db, day), closeDay(s.deps.db, day)]);
    await expectExactlyOnce();
  }, 120_000);

  it.runIf(process.env.DATABASE_URL)(
    '[S7-14] the job killed with SIGKILL in the middle of its rebates, then run again twice at once, grants each once (PostgreSQL)',
    async () => {
      await s.deps.database.exec(undoDaySql());
      const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../../scripts/vip-close-day.ts'), day], {
        env: { ...process.env, ...postgresEnv(s), LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
      // A rebate the job is about to grant, held uncommitted here: the job's rebates statement waits on it, half done.
      await s.deps.db
        .transaction(async (tx) => {
          await tx.execute(sql`
            INSERT INTO vip_bonuses (member_id, site_id, source, ref, amount_minor, multiple_x100)
            SELECT e.member_id, l.site_id, 'rebate', ${day} || ':' || e.category, e.amount, 100
            FROM rb_expected_rebates e JOIN rb_expected_levels l USING (member_id) ORDER BY e.member_id DESC LIMIT 1`);
          // The child's own start (node, tsx) takes long on a loaded machine.
          for (const until = Date.now() + 150_000; ;) {
            const waiting = await count(sql`
              SELECT count(*) AS n FROM pg_stat_activity
              WHERE wait_event_type = 'Lock' AND state = 'active' AND query LIKE '%granted AS%' AND query LIKE '%vip_rebate_rates%'`);
            if (waiting > 0 && (await upgrades()) > 0) break;
            if (Date.now() > until) throw new Error(`the job never reached its rebates: ${output}`);
            await new Promise((r) => setTimeout(r, 50));
          }
          child.kill('SIGKILL');
          expect(await exited).toBe('SIGKILL');
          throw new Error('rolled back');
        })
        .catch((err: Error) => expect(err.message).toBe('rolled back'));
      expect(await upgrades()).toBeGreaterThan(500);
      expect(await rebates()).toBe(0);
      await Promise.all([closeDay(s.deps.db, day), closeDay(s.deps.db, day)]);
      await expectExactlyOnce();
    },
    240_000,
  );
});
