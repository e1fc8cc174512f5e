import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';
import { finish, goLive, scriptMatch } from '../sports/testing.ts';

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

/** A league the built-in feed does not play. */
const LEAGUE = 9903;
const config = async (token: string) => (await s.call('/api/activity/guess/config', {}, { token })).data;
const guess = (token: string, matchId: number, pick: string, key?: string) => w.move('/api/activity/guess/draw', { matchId, pick }, token, key);

describe('guess', () => {
  it('[S7-15] one free pick per match before kickoff; a right pick wins 8 once the book has the result, received once; a wrong one nothing', async () => {
    const match = await scriptMatch(s, { leagueId: LEAGUE, home: '北京国安', visit: '上海申花', startInMs: 600_000 });
    const [right, wrong] = [await s.member(), await s.member()];
    const offered = await config(right.token);
    expect(offered).toMatchObject({ prize: 8, multiple: 1, guesses: [] });
    expect(offered.matches.find((m: { match: { matchId: number } }) => m.match.matchId === match.matchId)).toMatchObject({ pick: null });

    const keys = Array.from({ length: 20 }, () => newKey());
    const answers = await Promise.all(keys.map((key, i) => guess(right.token, match.matchId, i % 2 ? 'home' : 'visit', key)));
    const made = answers.filter((a) => a.code === 0);
    expect(made).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== 0)) expect([Errors.GUESS_MADE.code, Errors.HIGH_TRAFFIC.code]).toContain(a.code);
    const picked = made[0].data.pick as string;
    // The same key again answers the first result.
    const first = answers.indexOf(made[0]);
    expect(await guess(right.token, match.matchId, picked, keys[first])).toMatchObject({ code: 0, data: made[0].data });
    // Put the right member's pick right: home wins 2-1.
    const chosen = picked === 'home' ? right : wrong;
    const other = picked === 'home' ? wrong : right;
    expect((await guess(wrong.token, match.matchId, picked === 'home' ? 'draw' : 'home')).code).toBe(0);
    expect((await config(right.token)).matches.find((m: { match: { matchId: number } }) => m.match.matchId === match.matchId).pick).toBe(picked);

    await goLive(s, match, 0, 0);
    expect((await guess((await s.member()).token, match.matchId, 'home')).code).toBe(Errors.GUESS_CLOSED.code);
    await finish(s, match, { homeScore: 2, visitScore: 1 });
    await Promise.all(Array.from({ length: 5 }, () => config(chosen.token)));
    expect((await config(chosen.token)).guesses).toMatchObject([{ pick: 'home', status: 'won', match: { homeScore: 2, visitScore: 1 } }]);
    expect((await config(other.token)).guesses[0].status).toBe('lost');
    expect((await s.call('/api/activity/guess/records', { page: 1, size: 10 }, { token: other.token })).data.list).toEqual([]);

    const [record] = (await s.call('/api/activity/guess/records', { page: 1, size: 10 }, { token: chosen.token })).data.list;
    expect(record).toMatchObject({ status: 'pending', prize: { kind: 'money', amount: 8, name: '竞猜猜中：北京国安 2-1 上海申花' } });
    const receives = await Promise.all(Array.from({ length: 20 }, () => w.move('/api/activity/guess/receive', { recordId: record.recordId }, chosen.token)));
    expect(receives.filter((a) => a.code === 0).map((a) => a.data)).toEqual([{ amount: 8, main: 8 }]);
    expect((await w.balance(chosen.token)).main).toBe(8);
  });

  it('[S7-15] bad picks are refused and change nothing', async () => {
    const m = await s.member();
    for (const body of [{ matchId: 1, pick: 'x' }, { matchId: -1, pick: 'home' }, {}])
      expect((await w.move('/api/activity/guess/draw', body, m.token)).code).toBe(Errors.VALIDATION.code);
    expect((await guess(m.token, 99_999_999, 'home')).code).toBe(Errors.GUESS_CLOSED.code);
    const basketball = await scriptMatch(s, { sport: 'basketball', startInMs: 60_000 });
    expect((await guess(m.token, basketball.matchId, 'home')).code).toBe(Errors.GUESS_CLOSED.code);
    expect((await config(m.token)).guesses).toEqual([]);
  });
});
