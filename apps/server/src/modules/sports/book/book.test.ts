import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, SPORTS_LIST_SIZE, WORLD_CUP_VENUE_IDS } from '@bp/contract';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { setVenueStatus } from './venues.ts';
import { setMatchMedia } from './media.ts';
import { goLive, priced, scriptMatch } from '../testing.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('the book on an empty database', () => {
  it('is seeded from the built-in feed: every sport, zh-CN names, bundled logos and prices', async () => {
    const res = await s.call('/api/sports/list', { page: 1, size: 200 });
    expect(res.code).toBe(0);
    const sports = new Set(res.data.list.map((m: { sport: string }) => m.sport));
    expect([...sports].sort()).toEqual(['basketball', 'esports', 'football']);
    const match = res.data.list.find((m: { sport: string; leagueName: string }) => m.leagueName === '英格兰超级联赛');
    expect(match.homeLogo).toMatch(/^\/assets\/sports\/teams\/epl\.\w+\.svg$/);
    expect(match.mainMarkets.map((m: { kind: string }) => m.kind)).toEqual(['1x2', 'ah', 'ou']);
    const logo = await s.inject({ method: 'GET', url: match.homeLogo });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
  });

  it('[S3-04] pages the sports list by page and size and counts the total', async () => {
    const first = await s.call('/api/sports/list', { page: 1, size: 5 });
    const second = await s.call('/api/sports/list', { page: 2, size: 5 });
    expect(first.data.list).toHaveLength(5);
    expect(first.data.total).toBeGreaterThan(10);
    expect(second.data.total).toBe(first.data.total);
    const ids = (r: typeof first) => r.data.list.map((m: { matchId: number }) => m.matchId);
    expect(ids(first).filter((id: number) => ids(second).includes(id))).toEqual([]);
    const bad = await s.call('/api/sports/list', { page: 0, size: 5 });
    expect(bad.code).toBe(Errors.VALIDATION.code);
    const big = await s.call('/api/sports/list', { page: 1, size: 201 });
    expect(big.code).toBe(Errors.VALIDATION.code);
  });

  it('[S9-07] marks World Cup matches by the venue ids of the World Cup', async () => {
    const res = await s.call('/api/sports/list', { page: 1, size: 200, leagueId: 3169 });
    expect(res.data.list.length).toBeGreaterThan(0);
    for (const m of res.data.list) expect(m).toMatchObject({ isWorldCup: true, tid: 3169, matchClass: 'international' });
    const other = await scriptMatch(s, { leagueId: 1001 });
    const detail = await s.call('/api/sports/match/detail', { matchId: other.matchId });
    expect(detail.data.isWorldCup).toBe(false);
    expect(WORLD_CUP_VENUE_IDS).toContain(3169);
  });

  it('[S3-13] shows the venue codes OBTY and IMTY as YB and IM', async () => {
    const venues = await s.call('/api/sports/venue/list', {});
    expect(venues.data.list).toEqual([
      { venueCode: 'OBTY', venueName: 'YB', status: 0 },
      { venueCode: 'IMTY', venueName: 'IM', status: 0 },
    ]);
    const im = await scriptMatch(s, { venueCode: 'IMTY', leagueId: 1008 });
    const detail = await s.call('/api/sports/match/detail', { matchId: im.matchId });
    expect(detail.data).toMatchObject({ venueCode: 'IMTY', venueName: 'IM', venueStatus: 0 });
  });
});

describe('match entries', () => {
  it('[S3-07] carry anchor_status, animation_url and anchor_flv_url where a match has media', async () => {
    const list = await s.call('/api/sports/list', { page: 1, size: 200, sport: 'football' });
    const animated = list.data.list.find((m: { animation_url: string | null }) => m.animation_url);
    expect(animated.animation_url).toBe('/assets/sports/animation/football.svg');
    expect((await s.inject({ method: 'GET', url: animated.animation_url })).statusCode).toBe(200);
    const plain = await scriptMatch(s);
    expect(await s.call('/api/sports/match/detail', { matchId: plain.matchId })).toMatchObject({
      data: { anchor_status: null, animation_url: null, anchor_flv_url: null },
    });
    const media = { anchorStatus: 1, animationUrl: '/assets/sports/animation/football.svg', anchorFlvUrl: 'https://live.example/a.flv' };
    expect(await setMatchMedia(s.deps.db, plain.matchId, media)).toBe(true);
    const detail = await s.call('/api/sports/match/detail', { matchId: plain.matchId });
    expect(detail.data).toMatchObject({ anchor_status: 1, animation_url: media.animationUrl, anchor_flv_url: media.anchorFlvUrl });
  });
});

describe('match detail, leagues, odds', () => {
  it('answers every market with named selections, quarter lines in Asian notation', async () => {
    const m = await scriptMatch(s, { home: '曼城', visit: '阿森纳' });
    const res = await s.call('/api/sports/match/detail', { matchId: m.matchId });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ homeName: '曼城', visitName: '阿森纳', status: 'scheduled', isStart: false, ballClassId: 1, anchor_status: null });
    const ah = res.data.markets.find((x: { kind: string }) => x.kind === 'ah');
    expect(ah).toMatchObject({ name: '全场让球', line: -0.25, status: 'open', minStake: 10, maxStake: 50000 });
    expect(ah.selections.map((x: { name: string; odds: number }) => [x.name, x.odds])).toEqual([
      ['曼城 -0/0.5', 1.9],
      ['阿森纳 +0/0.5', 1.95],
    ]);
    const cs = res.data.markets.find((x: { kind: string }) => x.kind === 'cs');
    expect(cs.selections).toHaveLength(17);
    expect(cs.maxStake).toBe(10000);
    expect(cs.selections.at(-1).name).toBe('其他比分');
  });

  it('answers an unknown match with its code', async () => {
    const res = await s.call('/api/sports/match/detail', { matchId: 999999 });
    expect(res.code).toBe(Errors.MATCH_NOT_FOUND.code);
  });

  it('lists leagues with their counts, and current odds of selections', async () => {
    const leagues = await s.call('/api/sports/league/list', { sport: 'basketball' });
    expect(leagues.data.list.map((l: { name: string }) => l.name)).toContain('美国职业篮球联赛');
    expect(leagues.data.list.every((l: { sport: string; ballClassId: number }) => l.sport === 'basketball' && l.ballClassId === 2)).toBe(true);
    const m = await scriptMatch(s);
    const id = await m.sel('1x2', 'home');
    const odds = await s.call('/api/sports/odds', { selectionIds: [id, 987654321] });
    expect(odds.data.list).toEqual([{ selectionId: id, marketId: expect.any(Number), matchId: m.matchId, odds: 2.1, status: 'open' }]);
  });
});

describe('boards', () => {
  it('answers live and popular lists 200 a page by default, live ones only in the live list', async () => {
    const m = await scriptMatch(s);
    await goLive(s, m, 1, 0);
    const live = await s.call('/api/sports/live/list', {});
    expect(live.data.list.length).toBeLessThanOrEqual(SPORTS_LIST_SIZE);
    expect(live.data.list.every((x: { status: string }) => x.status === 'live')).toBe(true);
    expect(live.data.list.find((x: { matchId: number }) => x.matchId === m.matchId)).toMatchObject({
      homeScore: 1,
      visitScore: 0,
      isStart: true,
      period: '1H',
    });
    const popular = await s.call('/api/sports/popular/list', {});
    expect(popular.data.list.length).toBe(Math.min(popular.data.total, SPORTS_LIST_SIZE));
  });

  it('exposes a closed venue in the list and detail answers', async () => {
    const m = await scriptMatch(s, { markets: [priced('1x2', [2, 3, 4])] });
    await setVenueStatus(s.deps.db, 1, 'OBTY', 1);
    try {
      const list = await s.call('/api/sports/list', { page: 1, size: 1 });
      expect(list.data.venues.find((v: { venueCode: string }) => v.venueCode === 'OBTY').status).toBe(1);
      const detail = await s.call('/api/sports/match/detail', { matchId: m.matchId });
      expect(detail.data.venueStatus).toBe(1);
      const other = await s.call('/api/sports/venue/list', {}, { headers: { 'x-site-id': '2' } });
      expect(other.data.list[0].status).toBe(0);
    } finally {
      await setVenueStatus(s.deps.db, 1, 'OBTY', 0);
    }
  });
});

describe('the public contract', () => {
  it('documents every sports call in the OpenAPI document', async () => {
    const doc = (await s.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/sports/list',
      '/api/sports/match/detail',
      '/api/sports/bet/place',
      '/api/sports/bet/records',
      '/api/sports/bet/cashout',
      '/api/sports/live/list',
      '/api/sports/popular/list',
      '/api/sports/league/list',
      '/api/sports/odds',
    ]) {
      expect(doc.paths[path]?.post, path).toBeDefined();
    }
  });
});
