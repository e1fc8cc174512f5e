import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { rowsOf } from '../../platform/db/index.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';
import { pruneRecords } from './retention.ts';

let s: TestServer;
let w: ReturnType<typeof caller>;
beforeAll(async () => {
  s = await startTestServer();
  w = caller(s);
});
afterAll(async () => {
  await expectLedgerSound(s);
  await s.close();
});

const dice = async (token: string) => {
  const res = await s.call('/api/originals/dice/play', { amount: 1, target: 50, condition: 'under' }, { token, key: newKey() });
  expect(res.code, res.msg).toBe(0);
  return res.data.roundId as string;
};
const recordsOf = async (token: string) => (await s.call('/api/game/records', {}, { token })).data.list.map((r: { roundId: string }) => r.roundId);
const settledAgo = (roundId: string, days: number) =>
  s.deps.db.execute(
    sql`UPDATE game_rounds SET settled_at = now() - make_interval(days => ${days}), created_at = now() - make_interval(days => ${days}) WHERE round_id = ${roundId}`,
  );

describe('game records are kept for the configured window', () => {
  it('prunes closed rounds settled before the window, never later ones nor an open round however old', async () => {
    const m = await s.member();
    await w.fund(m.token, 100);
    const [old, recent] = [await dice(m.token), await dice(m.token)];
    const started = await s.call('/api/originals/mines/start', { amount: 1, mines: 3 }, { token: m.token, key: newKey() });
    expect(started.code, started.msg).toBe(0);
    const open = started.data.roundId as string;
    await settledAgo(old, 91);
    await settledAgo(recent, 89);
    await s.deps.db.execute(sql`UPDATE game_rounds SET created_at = now() - interval '400 days' WHERE round_id = ${open}`);

    expect(await pruneRecords(s.deps.db, 90)).toBe(1);
    expect((await recordsOf(m.token)).sort()).toEqual([recent, open].sort());
    // A second run finds nothing more; the open round still settles as usual.
    expect(await pruneRecords(s.deps.db, 90)).toBe(0);
    const cashed = await s.call('/api/originals/mines/cashout', { roundId: open }, { token: m.token, key: newKey() });
    const [row] = await rowsOf<{ status: string }>(s.deps.db, sql`SELECT status FROM game_rounds WHERE round_id = ${open}`);
    expect(row.status).toBe(cashed.code === 0 ? 'settled' : 'open');
  });

  it('walks past more than one batch', async () => {
    const m = await s.member();
    await w.fund(m.token, 50);
    const played = [];
    for (let i = 0; i < 5; i++) played.push(await dice(m.token));
    await s.deps.db.execute(sql`
      INSERT INTO game_rounds (round_id, member_id, site_id, api_name, kind, game_code, game_name, stake_minor, payout_minor, balance_before, balance_after, status, settled_at, created_at)
      SELECT 'ORIG-old-' || n, ${m.memberId}, 1, 'ORIG', 'originals', 'dice', '骰子', 100, 0, 100, 0, 'settled', now() - interval '200 days', now() - interval '200 days'
      FROM generate_series(1, 2500) n`);
    for (const id of played) await settledAgo(id, 120);
    expect(await pruneRecords(s.deps.db, 90)).toBe(2505);
    expect(await recordsOf(m.token)).toEqual([]);
  });

  it('refuses a window shorter than 30 days, at start and when asked', async () => {
    await expect(pruneRecords(s.deps.db, 7)).rejects.toThrow(/GAME_RECORD_RETENTION_DAYS must be a whole number of days, at least 30/);
    await expect(startTestServer({ gameRecordRetentionDays: 29 })).rejects.toThrow(/at least 30/);
  });
});
