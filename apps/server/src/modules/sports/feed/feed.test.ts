import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sql } from 'drizzle-orm';
import { Errors, type Frame } from '@bp/contract';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { feedTick, FEED_LEASE } from '../jobs.ts';
import { holdLease, releaseLease } from './lease.ts';
import { builtInFeed } from './simulator.ts';
import { finish, fund, goLive, idemKey, priced, scriptMatch, setPrices } from '../testing.ts';
import { applyFeedEvents } from './apply.ts';

const until = async <T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('realtime frames on match:<id>', () => {
  let s: TestServer;
  let url: string;
  beforeAll(async () => {
    s = await startTestServer();
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(s.app.server.address() as { port: number }).port}/ws`;
  });
  afterAll(() => s.close());

  async function subscriber(ch: string): Promise<{ frames: Frame[]; next(type: string): Promise<Frame>; close(): void }> {
    const ws = new WebSocket(url);
    const frames: Frame[] = [];
    ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'sub', ch }));
    await until('sub.ok', async () => frames.find((f) => f.type === 'sub.ok'), 5000);
    return {
      frames,
      next: (type) => until(type, async () => frames.find((f) => f.type === type && f.ch === ch), 5000),
      close: () => ws.close(),
    };
  }

  it('pushes price, score and state changes of a match to its subscribers only', async () => {
    const match = await scriptMatch(s);
    const bystander = await scriptMatch(s);
    const fan = await subscriber(`match:${match.matchId}`);
    const other = await subscriber(`match:${bystander.matchId}`);
    const home = await match.sel('1x2', 'home');
    const sentAt = Date.now();
    await setPrices(s, match, [priced('1x2', [1.75, 3.6, 4.4])]);
    const odds = await fan.next('odds.changed');
    expect(odds.data).toMatchObject({
      matchId: match.matchId,
      markets: [{ status: 'open', selections: expect.arrayContaining([{ selectionId: home, odds: 1.75, status: 'open' }]) }],
    });
    expect((odds.data as { at: number }).at).toBeGreaterThanOrEqual(sentAt - 5);

    await goLive(s, match, 1, 0);
    expect((await fan.next('match.score')).data).toMatchObject({ matchId: match.matchId, homeScore: 1, visitScore: 0, period: '1H' });
    expect((await fan.next('match.status')).data).toMatchObject({ status: 'live', period: '1H' });

    await setPrices(s, match, [priced('1x2', [1.75, 3.6, 4.4], { status: 'suspended' })]);
    await until('suspension', async () => fan.frames.find((f) => f.type === 'odds.changed' && f.data.markets[0].status === 'suspended'), 5000);

    await finish(s, match, { homeScore: 2, visitScore: 0 });
    await until('finished', async () => fan.frames.find((f) => f.type === 'match.status' && f.data.status === 'finished'), 5000);
    expect(other.frames.filter((f) => f.type !== 'sub.ok')).toEqual([]);
    fan.close();
    other.close();
  });
});

describe('the built-in feed at a high FEED_SPEED', () => {
  let s: TestServer;
  const frames: Frame[] = [];
  beforeAll(async () => {
    s = await startTestServer({ feedSpeed: 1000, runJobs: true });
    s.deps.bus.onFrame((f) => void frames.push(f));
  });
  afterAll(() => s.close());

  it('plays matches to results with scores and moving odds, and settles the bets on them', async () => {
    const m = await s.member();
    await fund(s, m.memberId, 100_000n);
    // A football match not started yet, bet on before it starts: on a busy machine the fast feed may
    // start the one picked before the bet arrives (closed market), and the next one is tried.
    const placed = await until('a bet on an upcoming match', async () => {
      const list = await s.call('/api/sports/list', { page: 1, size: 200, live: false, sport: 'football' });
      const upcoming = list.data.list.find((x: { startAt: number; mainMarkets: unknown[] }) => x.startAt > Date.now() + 1500 && x.mainMarkets.length > 0);
      if (!upcoming) return null;
      const home = upcoming.mainMarkets[0].selections[0];
      const answer = await s.call(
        '/api/sports/bet/place',
        { type: 'single', stake: 100, selections: [{ selectionId: home.selectionId, odds: home.odds }], acceptOddsChange: true },
        { token: m.token, key: idemKey() },
      );
      return answer.code === Errors.MARKET_CLOSED.code ? null : { ...answer, matchId: upcoming.matchId as number };
    });
    expect(placed.code, placed.msg).toBe(0);

    const settled = await until(
      'the bet to settle',
      async () => {
        const records = await s.call('/api/sports/bet/records', { page: 1, size: 5 }, { token: m.token });
        const b = records.data.list[0];
        return b.status !== 'pending' && b;
      },
      40_000,
    );
    const { rows } = await s.deps.db.execute(sql`SELECT status, result, home_score, visit_score FROM sports_matches WHERE match_id = ${placed.matchId}`);
    const match = rows[0] as { status: string; home_score: number; visit_score: number };
    expect(match.status).toBe('finished');
    expect(settled.status).toBe(match.home_score > match.visit_score ? 'won' : 'lost');
    expect(settled.payout).toBe(settled.status === 'won' ? Math.round(100 * settled.odds * 100) / 100 : 0);
    expect(settled.legs[0].score).toBe(`${match.home_score}-${match.visit_score}`);

    const types = new Set(frames.map((f) => f.type));
    for (const type of ['odds.changed', 'match.score', 'match.status', 'bet.settled']) expect(types.has(type as Frame['type'])).toBe(true);
    expect(frames.some((f) => f.type === 'match.status' && f.data.status === 'finished')).toBe(true);
    // Finished matches make room for new fixtures on the board.
    const open = await s.deps.db.execute(sql`SELECT count(*)::int AS n FROM sports_matches WHERE status IN ('scheduled', 'live')`);
    expect((open.rows[0] as { n: number }).n).toBeGreaterThan(20);
  }, 60_000);

  it('lets one instance drive the feed: another holder gets nothing while the lease is held', async () => {
    await until(
      'the job to hold the lease',
      async () => (await s.deps.db.execute(sql`SELECT 1 FROM sports_feed_lease WHERE name = ${FEED_LEASE} AND expires_at > now()`)).rows.length > 0,
    );
    expect(await holdLease(s.deps.db, FEED_LEASE, 'another-instance', 10_000)).toBe(false);
    expect(await feedTick(s.deps, builtInFeed(), 'another-instance')).toEqual([]);
  });
});

describe('the feed lease', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('passes to another instance once the holder lets go or its lease expires', async () => {
    expect(await holdLease(s.deps.db, 'test-lease', 'a', 10_000)).toBe(true);
    expect(await holdLease(s.deps.db, 'test-lease', 'b', 10_000)).toBe(false);
    expect(await holdLease(s.deps.db, 'test-lease', 'a', 10_000)).toBe(true);
    await releaseLease(s.deps.db, 'test-lease', 'a');
    expect(await holdLease(s.deps.db, 'test-lease', 'b', 50)).toBe(true);
    await new Promise((r) => setTimeout(r, 80));
    expect(await holdLease(s.deps.db, 'test-lease', 'a', 10_000)).toBe(true);
  });

  it('ignores news about a match it does not know, and state after a result', async () => {
    const match = await scriptMatch(s);
    await finish(s, match, { homeScore: 0, visitScore: 0 });
    expect(await applyFeedEvents(s.deps, [{ type: 'prices', ref: 'unknown:ref', markets: [priced('1x2', [2, 3, 4])] }])).toEqual([]);
    await applyFeedEvents(s.deps, [
      { type: 'state', ref: match.ref, status: 'live', period: '2H', clockSec: 1, homeScore: 5, visitScore: 0, scorer: 'home', memory: {} },
    ]);
    const { rows } = await s.deps.db.execute(sql`SELECT status, home_score FROM sports_matches WHERE match_id = ${match.matchId}`);
    expect(rows[0]).toEqual({ status: 'finished', home_score: 0 });
  });
});
