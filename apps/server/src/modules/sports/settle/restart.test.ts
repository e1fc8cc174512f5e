import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dropSchema } from '../../../platform/db/index.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { setConfig } from '../../site/index.ts';
import { settleMatch } from './settle-match.ts';
import { finish, fund, idemKey, mainBalance, scriptMatch } from '../testing.ts';

/** The same database for two server lives: a PGlite folder, or a PostgreSQL schema. */
const databaseUrl = process.env.DATABASE_URL || null;
const schema = databaseUrl ? `t_restart_${randomBytes(5).toString('hex')}` : null;
const dataDir = schema ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'sports-restart-'));
const storage = schema ? { databaseSchema: schema } : { dataDir: dataDir! };
afterAll(async () => {
  if (schema) await dropSchema(databaseUrl!, schema);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a server stopped in the middle of settlement', () => {
  it('settles the rest after a restart, with its settlement job, and nothing twice', async () => {
    let s: TestServer = await startTestServer(storage);
    await setConfig(s.deps.db, 1, 'sports_inplay_delay_ms', '0');
    const m = await s.member();
    await fund(s, m.memberId, 200_000n);
    const match = await scriptMatch(s);
    const home = await match.sel('1x2', 'home');
    const orders: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await s.call(
        '/api/sports/bet/place',
        { type: 'single', stake: 100, selections: [{ selectionId: home, odds: 2.1 }] },
        { token: m.token, key: idemKey() },
      );
      orders.push(res.data.orderId);
    }
    await finish(s, match, { homeScore: 1, visitScore: 0 });
    const stop = new AbortController();
    let seen = 0;
    const bus = {
      ...s.deps.bus,
      publish: ((ch, type, data) => {
        if (type === 'bet.settled' && ++seen === 5) stop.abort();
        return s.deps.bus.publish(ch, type, data);
      }) as typeof s.deps.bus.publish,
    };
    expect(await settleMatch({ ...s.deps, bus }, match.matchId, stop.signal)).toMatchObject({ settled: 5, complete: false });
    await s.close();

    // The next life: its settlement job finds the match behind its result and settles the rest.
    s = await startTestServer({ ...storage, runJobs: true });
    try {
      await expect
        .poll(
          async () =>
            (await s.deps.db.execute(sql`SELECT settled_version = result_version AS done FROM sports_matches WHERE match_id = ${match.matchId}`)).rows[0],
          { timeout: 15_000 },
        )
        .toEqual({ done: true });
      const { rows } = await s.deps.db.execute(sql`
        SELECT b.order_id, b.status, count(t.transfer_id) FILTER (WHERE t.kind = 'bet.payout')::int AS payouts
        FROM sports_bets b LEFT JOIN wallet_transfers t ON t.ref LIKE 'bet:' || b.order_id || '%'
        WHERE b.member_id = ${m.memberId} GROUP BY b.order_id, b.status`);
      expect((rows as Array<{ order_id: string }>).map((r) => r.order_id).sort()).toEqual([...orders].sort());
      for (const r of rows as Array<{ status: string; payouts: number }>) expect(r).toMatchObject({ status: 'won', payouts: 1 });
      expect(await mainBalance(s, m.memberId)).toBe(200_000n - 120_000n + 12n * 21_000n);
    } finally {
      await s.close();
    }
  }, 90_000);
});
