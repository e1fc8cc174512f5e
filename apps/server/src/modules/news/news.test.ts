import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors, shanghaiDay } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';
import { standings } from './standings.ts';

let s: TestServer;
/** Three football matches of one league, played yesterday: A 2-0 B, B 1-1 C, C 0-3 A; and one coming. */
let league: { leagueId: number; leagueName: string };
let played: number[];
let coming: { matchId: number; homeName: string; visitName: string };
const HOUR = 3_600_000;

const rows = async <T>(query: ReturnType<typeof sql>) => (await s.deps.db.execute(query)).rows as T[];
const get = async (url: string) => (await s.inject({ method: 'GET', url })).json();

beforeAll(async () => {
  s = await startTestServer();
  // Ids as numbers: node-postgres answers bigint as text.
  const teams = await rows<{ team_id: number; name: string }>(
    sql`SELECT team_id::int, name FROM sports_teams WHERE sport = 'football' ORDER BY team_id LIMIT 3`,
  );
  const matches = await rows<{ match_id: number; league_id: number; name: string }>(
    sql`SELECT x.match_id::int, x.league_id::int, l.name FROM sports_matches x JOIN sports_leagues l USING (league_id) WHERE x.sport = 'football' AND x.status = 'scheduled' ORDER BY x.match_id LIMIT 4`,
  );
  expect(matches.length).toBe(4);
  league = { leagueId: matches[0].league_id, leagueName: matches[0].name };
  const [a, b, c] = teams;
  const fixtures: Array<[home: number, visit: number, hs: number, vs: number]> = [
    [a.team_id, b.team_id, 2, 0],
    [b.team_id, c.team_id, 1, 1],
    [c.team_id, a.team_id, 0, 3],
  ];
  const yesterday = clock.now() - 24 * HOUR;
  played = matches.slice(0, 3).map((m) => m.match_id);
  for (const [i, [home, visit, hs, vs]] of fixtures.entries())
    await s.deps.db.execute(sql`
      UPDATE sports_matches SET league_id = ${league.leagueId}, home_team_id = ${home}, visit_team_id = ${visit}, home_score = ${hs}, visit_score = ${vs},
        status = 'finished', start_at = ${new Date(yesterday + i * 3 * HOUR)} WHERE match_id = ${played[i]}`);
  await s.deps.db.execute(sql`
    UPDATE sports_matches SET league_id = ${league.leagueId}, home_team_id = ${a.team_id}, visit_team_id = ${c.team_id},
      -- The first to kick off (previews are of the next ones), within the next hours.
      start_at = least(${new Date(clock.now() + 5 * HOUR)}, (SELECT min(start_at) FROM sports_matches WHERE status = 'scheduled') - interval '1 minute')
    WHERE match_id = ${matches[3].match_id}`);
  coming = { matchId: matches[3].match_id, homeName: a.name, visitName: c.name };
});
afterAll(async () => {
  await s?.close();
});

describe('sports news and the game assistant', () => {
  it('[S7-12] GET news/ lists reports of finished matches and previews of coming ones, newest first, paged', async () => {
    const answer = await get('/api/site/game/newsoccer/news/?page=1&size=50');
    expect(answer.code).toBe(0);
    const ids: string[] = answer.data.list.map((n: { newsId: string }) => n.newsId);
    for (const id of played) expect(ids).toContain(`result-${id}`);
    expect(ids).toContain(`preview-${coming.matchId}`);
    const report = answer.data.list.find((n: { newsId: string }) => n.newsId === `result-${played[2]}`);
    expect(report.title).toMatch(new RegExp(`^${league.leagueName}：.+ 0-3 .+$`));
    expect(report.summary).toMatch(/大胜.+全场比分0-3。$/);
    const at = answer.data.list.map((n: { publishedAt: number }) => n.publishedAt);
    expect([...at].sort((x, y) => y - x)).toEqual(at);
    const second = await get('/api/site/game/newsoccer/news/?page=2&size=2');
    expect(second.data.list).toEqual(answer.data.list.slice(2, 4));
    expect((await get('/api/site/game/newsoccer/news/?size=500')).code).toBe(Errors.VALIDATION.code);
  });

  it("[S7-12] GET info/ gives an article's body from the book's figures and the league's table", async () => {
    const info = await get(`/api/site/game/newsoccer/info/?newsId=result-${played[0]}`);
    expect(info.code).toBe(0);
    expect(info.data.match).toMatchObject({ matchId: played[0], homeScore: 2, visitScore: 0, status: 'finished' });
    expect(info.data.paragraphs[0]).toMatch(/击败.+全场比分2-0。$/);
    expect(info.data.table.rows.map((r: { points: number; played: number }) => [r.played, r.points])).toEqual([
      [2, 6],
      [2, 1],
      [2, 1],
    ]);
    const preview = await get(`/api/site/game/newsoccer/info/?newsId=preview-${coming.matchId}`);
    expect(preview.data.title).toBe(`${league.leagueName}前瞻：${coming.homeName} vs ${coming.visitName}`);
    expect(preview.data.paragraphs).toContain(`${coming.homeName}：排名第1（2场6分），赛前近2场胜胜。`);
    for (const newsId of [`preview-${played[0]}`, `result-${coming.matchId}`, 'result-99999999'])
      expect((await get(`/api/site/game/newsoccer/info/?newsId=${newsId}`)).code).toBe(Errors.NEWS_NOT_FOUND.code);
    expect((await get('/api/site/game/newsoccer/info/?newsId=x-1')).code).toBe(Errors.VALIDATION.code);
  });

  it("[S7-12] GET soccer/ gives a day's fixtures and results", async () => {
    const yesterday = shanghaiDay(clock.now() - 24 * HOUR);
    const day = (await get(`/api/site/game/newsoccer/soccer/?day=${yesterday}`)).data;
    expect(day.day).toBe(yesterday);
    expect(day.results.map((m: { matchId: number }) => m.matchId)).toEqual(
      expect.arrayContaining(played.filter((_, i) => shanghaiDay(clock.now() - 24 * HOUR + i * 3 * HOUR) === yesterday)),
    );
    // A day's fixtures are its matches not yet played (none but those starting late that day, seen just after midnight).
    for (const m of day.fixtures) {
      expect(shanghaiDay(m.startAt)).toBe(yesterday);
      expect(played).not.toContain(m.matchId);
    }
    const today = (await get('/api/site/game/newsoccer/soccer/')).data;
    expect(today.day).toBe(shanghaiDay(clock.now()));
    for (const m of today.fixtures) expect(shanghaiDay(m.startAt)).toBe(today.day);
  });

  it("[S7-12] gameassist gives a match's form, head-to-head and table; without a match, every league's table", async () => {
    const assist = await s.call('/api/site/gameassist', { matchId: coming.matchId });
    expect(assist.code).toBe(0);
    expect(assist.data).toMatchObject({ homeForm: ['W', 'W'], visitForm: ['L', 'D'] });
    expect(assist.data.headToHead.map((m: { matchId: number }) => m.matchId)).toEqual([played[2]]);
    expect(assist.data.tables[0].rows[0]).toMatchObject({ rank: 1, teamName: coming.homeName, won: 2, goalsFor: 5, goalsAgainst: 0, points: 6 });
    const all = await s.call('/api/site/gameassist', {});
    expect(all.data.match).toBeNull();
    expect(all.data.tables.map((t: { leagueId: number }) => t.leagueId)).toContain(league.leagueId);
    expect((await s.call('/api/site/gameassist', { matchId: 99_999_999 })).code).toBe(Errors.MATCH_NOT_FOUND.code);
  });

  it('[S7-12] tables rank by points, goal difference, goals scored, then name', () => {
    const m = (home: string, visit: string, hs: number, vs: number) => ({
      matchId: 0,
      leagueId: 1,
      leagueName: 'L',
      homeName: home,
      homeLogo: '',
      visitName: visit,
      visitLogo: '',
      homeScore: hs,
      visitScore: vs,
      startAt: 0,
      status: 'finished' as const,
    });
    const table = standings([m('A', 'B', 1, 0), m('C', 'D', 3, 2), m('B', 'D', 2, 2), m('E', 'A', 0, 0)]);
    expect(table.map((r) => [r.teamName, r.points, r.goalsFor - r.goalsAgainst])).toEqual([
      ['A', 4, 1],
      ['C', 3, 1],
      ['E', 1, 0],
      ['D', 1, -1],
      ['B', 1, -1],
    ]);
  });
});
