import { describe, expect, it } from 'vitest';
import type { Frame, Market, MatchSummary } from '@bp/contract';
import { applyMatchFrame, applyOdds } from './live.ts';
import { clockTime, elapsedSeconds, periodLabel, startLabel } from './match-clock.ts';

const market = (marketId: number, ids: number[], status: Market['status'] = 'open'): Market => ({
  marketId,
  kind: 'ah',
  name: '全场让球',
  line: -0.5,
  mapNo: null,
  status,
  minStake: 10,
  maxStake: 50_000,
  selections: ids.map((selectionId, i) => ({ selectionId, code: i ? 'visit' : 'home', name: `s${selectionId}`, odds: 1.9, status })),
});
const match = (over: Partial<MatchSummary & { markets: Market[] }> = {}) =>
  ({
    matchId: 7,
    sport: 'football',
    status: 'live',
    isStart: true,
    period: '1H',
    clock: 600,
    clockAt: 1_000_000,
    startAt: 0,
    homeScore: 0,
    visitScore: 0,
    mainMarkets: [market(1, [11, 12])],
    ...over,
  }) as MatchSummary & { markets?: Market[] };

describe('a match kept live by its channel', () => {
  it('moves the prices named by an odds frame; the other selections follow their market', () => {
    const m = match({ markets: [market(1, [11, 12]), market(2, [21, 22])] });
    const { match: next, unknown } = applyOdds(m, {
      matchId: 7,
      at: 1,
      markets: [{ marketId: 1, status: 'suspended', selections: [{ selectionId: 11, odds: 1.8, status: 'suspended' }] }],
    });
    expect(unknown).toBe(false);
    expect(next.markets![0].status).toBe('suspended');
    expect(next.markets![0].selections.map((s) => [s.odds, s.status])).toEqual([
      [1.8, 'suspended'],
      [1.9, 'suspended'],
    ]);
    expect(next.markets![1]).toBe(m.markets![1]);
    expect(next.mainMarkets[0].selections[0].odds).toBe(1.8);
    // A closed selection stays closed when its market opens again.
    const closed = {
      ...m,
      markets: [{ ...market(1, [11, 12]), selections: [{ ...market(1, [11]).selections[0], status: 'closed' as const }, market(1, [11, 12]).selections[1]] }],
    };
    const reopened = applyOdds(closed, { matchId: 7, at: 2, markets: [{ marketId: 1, status: 'open', selections: [] }] }).match;
    expect(reopened.markets![0].selections.map((s) => s.status)).toEqual(['closed', 'open']);
  });

  it('says when a frame names a market the screen does not hold yet', () => {
    const m = match({ markets: [market(1, [11, 12])] });
    expect(applyOdds(m, { matchId: 7, at: 1, markets: [{ marketId: 3, status: 'open', selections: [] }] }).unknown).toBe(true);
    expect(
      applyOdds(m, { matchId: 7, at: 1, markets: [{ marketId: 1, status: 'open', selections: [{ selectionId: 13, odds: 2, status: 'open' }] }] }).unknown,
    ).toBe(true);
  });

  it('takes score and state frames, with the clock they carry', () => {
    const score: Frame = {
      ch: 'match:7',
      type: 'match.score',
      data: { matchId: 7, at: 2_000_000, homeScore: 1, visitScore: 0, period: '1H', clock: 1500, scorer: 'home' },
    };
    const scored = applyMatchFrame(match(), score).match;
    expect(scored).toMatchObject({ homeScore: 1, clock: 1500, clockAt: 2_000_000, status: 'live' });
    const end: Frame = {
      ch: 'match:7',
      type: 'match.status',
      data: { matchId: 7, at: 3_000_000, status: 'finished', period: 'FT', clock: 5400, homeScore: 2, visitScore: 1 },
    };
    expect(applyMatchFrame(scored, end).match).toMatchObject({ status: 'finished', period: 'FT', homeScore: 2, visitScore: 1 });
  });
});

describe('the match clock', () => {
  const at = 1_000_000;
  it('runs on from the last clock while play goes on, and stands at half time', () => {
    expect(elapsedSeconds(match({ clock: 600, clockAt: at }), at + 30_000)).toBe(630);
    expect(elapsedSeconds(match({ period: 'HT', clock: 2700, clockAt: at }), at + 30_000)).toBe(2700);
    expect(elapsedSeconds(match({ status: 'scheduled', clock: 0, clockAt: at }), at + 30_000)).toBe(0);
  });

  it('shows football minutes, 45+ and 90+ past the halves', () => {
    expect(clockTime(match({ clock: 0, clockAt: at }), at)).toBe("1'");
    expect(clockTime(match({ clock: 1_380, clockAt: at }), at)).toBe("24'");
    expect(clockTime(match({ clock: 2_700, clockAt: at }), at + 60_000)).toBe("45+'");
    expect(clockTime(match({ period: '2H', clock: 5_390, clockAt: at }), at + 60_000)).toBe("90+'");
    expect(clockTime(match({ period: 'HT', clock: 2_700, clockAt: at }), at)).toBeNull();
  });

  it("shows a basketball quarter's time left and an esports map's time played", () => {
    expect(clockTime(match({ sport: 'basketball', period: 'Q1', clock: 100, clockAt: at }), at)).toBe('10:20');
    expect(clockTime(match({ sport: 'basketball', period: 'Q3', clock: 1_440 + 700, clockAt: at }), at + 60_000)).toBe('00:00');
    expect(clockTime(match({ sport: 'basketball', period: 'OT', clock: 2_880 + 60, clockAt: at }), at)).toBe('04:00');
    expect(clockTime(match({ sport: 'esports', period: 'MAP2', clock: 754, clockAt: at }), at)).toBe('12:34');
  });

  it('names periods with their number', () => {
    expect(periodLabel('Q3')).toEqual({ key: 'quarter', n: 3 });
    expect(periodLabel('MAP2')).toEqual({ key: 'map', n: 2 });
    expect(periodLabel('HT')).toEqual({ key: 'HT' });
  });

  it('[S1-05] reads start times in Shanghai: today, tomorrow or the date', () => {
    const now = Date.UTC(2026, 5, 11, 14, 0); // 22:00 in Shanghai
    expect(startLabel(Date.UTC(2026, 5, 11, 15, 30), now)).toEqual({ key: 'today', text: '23:30' });
    expect(startLabel(Date.UTC(2026, 5, 11, 16, 30), now)).toEqual({ key: 'tomorrow', text: '00:30' });
    expect(startLabel(Date.UTC(2026, 5, 13, 4, 5), now)).toEqual({ key: 'date', text: '06-13 12:05' });
  });
});
