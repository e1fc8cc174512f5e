import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors, MemberTags } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { memberChanged } from '../../platform/cache.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';
import { applyFeedEvents } from '../sports/index.ts';
import { finish, goLive, scriptMatch, type ScriptedMatch } from '../sports/testing.ts';
import { openSoccerRound } from './index.ts';
import { decideMatchPicks } from './match-picks.ts';

let s: TestServer;
let w: ReturnType<typeof caller>;
beforeAll(async () => {
  s = await startTestServer();
  w = caller(s);
  // Three matches a round; all three right pay 100, two pay 20, fewer nothing.
  const config = {
    matches: 3,
    tiers: [
      { correct: 3, prizeMinor: '10000' },
      { correct: 2, prizeMinor: '2000' },
    ],
    multipleX100: 100,
  };
  await s.deps.db.execute(sql`UPDATE promo_activities SET config = ${JSON.stringify(config)}::jsonb WHERE site_id = 1 AND kind = 'soccer_lottery'`);
});
afterAll(async () => {
  await expectLedgerSound(s);
  await s.close();
});

/** A league the built-in feed does not play. */
const LEAGUE = 9904;
type Pick = 'home' | 'draw' | 'visit';
interface Ticket {
  roundId: number;
  picks: Array<{ match: { matchId: number }; pick: Pick; right: boolean | null }>;
  status: string;
  correct: number | null;
  prize: number;
}
const config = async (token: string) => (await s.call('/api/activity/soccer_lottery/config', {}, { token })).data;
const ticket = (token: string, roundId: number, picks: Array<{ matchId: number; pick: unknown }>, key?: string) =>
  w.move('/api/activity/soccer_lottery/draw', { roundId, picks }, token, key);
const picksOf = (matches: ScriptedMatch[], picks: Pick[]) => matches.map((m, i) => ({ matchId: m.matchId, pick: picks[i] }));
const records = async (token: string) => (await s.call('/api/activity/soccer_lottery/records', { page: 1, size: 10 }, { token })).data;

const threeMatches = () =>
  Promise.all(
    [600_000, 900_000, 1_200_000].map((startInMs, i) => scriptMatch(s, { leagueId: LEAGUE, home: `主队${i + 1}`, visit: `客队${i + 1}`, startInMs })),
  );

describe('足彩 (soccer lottery)', () => {
  it('[S7-15] one ticket a round before the first kickoff; settled by the book’s results into its tier, a cancelled match right for everyone; paid once', async () => {
    const matches = await threeMatches();
    await expect(openSoccerRound(s.deps.db, 1, [matches[0].matchId, matches[0].matchId])).rejects.toMatchObject({ code: Errors.SOCCER_MATCHES_BAD.code });
    const { roundId } = await openSoccerRound(
      s.deps.db,
      1,
      matches.map((m) => m.matchId),
    );
    const [all, two, one] = [await s.member(), await s.member(), await s.member()];
    const offered = await config(all.token);
    expect(offered.rules).toContain('比赛取消（作废）的场次，所有会员均算猜中。');
    expect(offered.tiers).toEqual([
      { correct: 3, prize: 100 },
      { correct: 2, prize: 20 },
    ]);
    expect(offered.round).toMatchObject({ roundId, ticket: null });
    expect(offered.round.matches.map((m: { matchId: number }) => m.matchId)).toEqual(matches.map((m) => m.matchId));

    // 20 concurrent tickets of one member: one made; its key again answers it.
    const keys = Array.from({ length: 20 }, () => newKey());
    const answers = await Promise.all(keys.map((key) => ticket(all.token, roundId, picksOf(matches, ['home', 'draw', 'visit']), key)));
    const made = answers.filter((a) => a.code === 0);
    expect(made).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== 0)) expect([Errors.SOCCER_TICKET_MADE.code, Errors.HIGH_TRAFFIC.code]).toContain(a.code);
    expect(made[0].data).toMatchObject({ roundId, status: 'open', correct: null, prize: 0 });
    expect(made[0].data.picks.map((p: Ticket['picks'][number]) => [p.pick, p.right])).toEqual([
      ['home', null],
      ['draw', null],
      ['visit', null],
    ]);
    expect(await ticket(all.token, roundId, picksOf(matches, ['home', 'draw', 'visit']), keys[answers.indexOf(made[0])])).toMatchObject({
      code: 0,
      data: made[0].data,
    });
    expect((await config(all.token)).round.ticket).toMatchObject({ roundId, status: 'open' });
    expect((await ticket(two.token, roundId, picksOf(matches, ['home', 'visit', 'home']))).code).toBe(0);
    expect((await ticket(one.token, roundId, picksOf(matches, ['visit', 'visit', 'visit']))).code).toBe(0);

    // The first kickoff closes the round.
    await goLive(s, matches[0]);
    const late = await s.member();
    expect(await ticket(late.token, roundId, picksOf(matches, ['home', 'home', 'home']))).toMatchObject({ code: Errors.SOCCER_ROUND_CLOSED.code });
    await finish(s, matches[0], { homeScore: 2, visitScore: 1 });
    await finish(s, matches[1], { homeScore: 1, visitScore: 1 });
    const halfway = (await config(all.token)).tickets[0] as Ticket;
    expect(halfway).toMatchObject({ status: 'open', correct: null });
    expect(halfway.picks.map((p) => p.right)).toEqual([true, true, null]);
    await applyFeedEvents(s.deps, [{ type: 'cancel', ref: matches[2].ref }]);

    // Settled once however many pages look at once.
    await Promise.all(Array.from({ length: 5 }, () => config(two.token)));
    expect((await config(all.token)).tickets[0]).toMatchObject({ status: 'settled', correct: 3, prize: 100 });
    const twoTicket = (await config(two.token)).tickets[0] as Ticket;
    expect(twoTicket).toMatchObject({ status: 'settled', correct: 2, prize: 20 });
    expect(twoTicket.picks.map((p) => p.right)).toEqual([true, false, true]);
    expect((await config(one.token)).tickets[0]).toMatchObject({ status: 'settled', correct: 1, prize: 0 });
    expect((await records(one.token)).list).toEqual([]);
    expect((await records(two.token)).list).toMatchObject([{ status: 'pending', prize: { amount: 20, name: `足彩第${roundId}期猜中2场` } }]);

    const [won] = (await records(all.token)).list;
    expect(won).toMatchObject({ status: 'pending', prize: { kind: 'money', amount: 100 }, detail: { roundId, correct: 3 } });
    const receives = await Promise.all(Array.from({ length: 20 }, () => w.move('/api/activity/soccer_lottery/receive', { recordId: won.recordId }, all.token)));
    expect(receives.filter((a) => a.code === 0).map((a) => a.data)).toEqual([{ amount: 100, main: 100 }]);
    expect((await w.balance(all.token)).main).toBe(100);
  });

  it('[S7-15] a member who never looks again finds the prize in the welfare centre: the pass decides tickets and guesses, after the activity ended too', async () => {
    const matches = await threeMatches();
    const { roundId } = await openSoccerRound(
      s.deps.db,
      1,
      matches.map((m) => m.matchId),
    );
    const m = await s.member();
    expect((await ticket(m.token, roundId, picksOf(matches, ['home', 'home', 'home']))).code).toBe(0);
    expect((await w.move('/api/activity/guess/draw', { matchId: matches[0].matchId, pick: 'home' }, m.token)).code).toBe(0);
    await goLive(s, matches[0]);
    await finish(s, matches[0], { homeScore: 1, visitScore: 0 });
    // One match of three over: the guess is decided, the ticket waits for the rest.
    await decideMatchPicks(s.deps.db);
    const welfare = async () => (await s.call('/api/member/welfare/list', {}, { token: m.token })).data.list as Array<{ title: string; amount: number }>;
    expect((await welfare()).map((x) => x.amount)).toEqual([8]);
    await finish(s, matches[1], { homeScore: 2, visitScore: 0 });
    await finish(s, matches[2], { homeScore: 0, visitScore: 0 });
    const [{ end_at: endAt }] = await s.deps.database.query(`SELECT end_at FROM promo_activities WHERE site_id = 1 AND kind = 'soccer_lottery'`);
    await s.deps.db.execute(sql`UPDATE promo_activities SET end_at = now() - interval '1 minute' WHERE site_id = 1 AND kind = 'soccer_lottery'`);
    // Two instances' passes at once: paid once.
    await Promise.all([decideMatchPicks(s.deps.db), decideMatchPicks(s.deps.db)]);
    expect((await welfare()).map((x) => x.amount).sort((a, b) => a - b)).toEqual([8, 20]);
    await s.deps.db.execute(sql`UPDATE promo_activities SET end_at = ${endAt} WHERE site_id = 1 AND kind = 'soccer_lottery'`);
    expect((await config(m.token)).tickets[0]).toMatchObject({ roundId, status: 'settled', correct: 2, prize: 20 });
  });

  it('[S7-15] bad tickets are refused with their code and change nothing', async () => {
    const matches = await threeMatches();
    const { roundId } = await openSoccerRound(
      s.deps.db,
      1,
      matches.map((m) => m.matchId),
    );
    const other = await scriptMatch(s, { leagueId: LEAGUE, startInMs: 3_600_000 });
    const m = await s.member();
    const [a, b, c] = matches.map((x) => x.matchId);
    const bad: Array<Array<{ matchId: number; pick: unknown }>> = [
      [{ matchId: a, pick: 'home' }], // one match missing
      [
        { matchId: a, pick: 'home' },
        { matchId: b, pick: 'home' },
        { matchId: other.matchId, pick: 'home' },
      ], // a match not of the round
      [
        { matchId: a, pick: 'home' },
        { matchId: a, pick: 'draw' },
        { matchId: b, pick: 'home' },
      ], // one match twice
    ];
    for (const picks of bad)
      expect(await ticket(m.token, roundId, picks)).toMatchObject({ code: Errors.SOCCER_PICKS_BAD.code, msg: Errors.SOCCER_PICKS_BAD.msg });
    for (const picks of [[{ matchId: a, pick: 'x' }], [], [{ matchId: -1, pick: 'home' }]])
      expect((await ticket(m.token, roundId, picks)).code).toBe(Errors.VALIDATION.code);
    expect((await ticket(m.token, 99_999_999, picksOf(matches, ['home', 'home', 'home']))).code).toBe(Errors.SOCCER_ROUND_NOT_FOUND.code);
    const basketball = await scriptMatch(s, { sport: 'basketball', startInMs: 600_000 });
    await expect(openSoccerRound(s.deps.db, 1, [a, basketball.matchId])).rejects.toMatchObject({ code: Errors.SOCCER_MATCHES_BAD.code });
    expect((await config(m.token)).tickets).toEqual([]);
    // The right shape is taken after all (the refusals left nothing behind).
    expect(
      (
        await ticket(m.token, roundId, [
          { matchId: c, pick: 'draw' },
          { matchId: a, pick: 'home' },
          { matchId: b, pick: 'visit' },
        ])
      ).data.picks,
    ).toMatchObject([
      { match: { matchId: a }, pick: 'home' },
      { match: { matchId: b }, pick: 'visit' },
      { match: { matchId: c }, pick: 'draw' },
    ]);
  });

  it('[S7-15] without a round taking picks the site opens one of the next coming matches, once under concurrent looks', async () => {
    await s.deps.db.execute(sql`UPDATE promo_soccer_rounds SET closes_at = now() - interval '1 minute'`);
    await Promise.all([0, 1, 2].map((i) => scriptMatch(s, { leagueId: LEAGUE, startInMs: 7_200_000 + i * 60_000 })));
    const members = await Promise.all(Array.from({ length: 5 }, () => s.member()));
    const seen = await Promise.all(members.map((m) => config(m.token)));
    const rounds = new Set(seen.map((c) => c.round?.roundId));
    expect(rounds.size).toBe(1);
    expect(seen[0].round.matches).toHaveLength(3);
    expect(seen[0].round.closesAt).toBeGreaterThan(Date.now() + 10 * 60_000);
  });

  it('[S7-15] [S3-23] the activity blacklist keeps a member out of 足彩', async () => {
    const m = await s.member();
    await s.deps.db.execute(sql`UPDATE members SET tags = ARRAY[${MemberTags.ACTIVITY_BLACKLIST}]::text[] WHERE member_id = ${m.memberId}`);
    memberChanged(m.memberId);
    for (const r of [
      await s.call('/api/activity/soccer_lottery/config', {}, { token: m.token }),
      await ticket(m.token, 1, [{ matchId: 1, pick: 'home' }]),
      await s.call('/api/activity/soccer_lottery/records', { page: 1, size: 10 }, { token: m.token }),
    ])
      expect(r).toMatchObject({ code: Errors.ACTIVE_BLACKLIST.code });
  });
});
