import { describe, expect, it } from 'vitest';
import type { MatchSummary, SportsVenue } from '@bp/contract';
import { boardRequest, followedMatches, MAX_FOLLOWED_MATCHES, SEARCH_DEBOUNCE_MS, searchMatches } from './board.ts';
import { chooseVenue, isVenueOpen, isWorldCupMatch, venueLabel } from './venue.ts';
import { mediaEntries } from './media.ts';

const venues = (yb: number, im: number): SportsVenue[] => [
  { venueCode: 'OBTY', venueName: 'YB', status: yb },
  { venueCode: 'IMTY', venueName: 'IM', status: im },
];

describe('the boards', () => {
  it('[S3-04] [S9-01] asks for page 1 of 200 on the live, popular and upcoming boards', () => {
    expect(boardRequest('live', {})).toEqual({ path: '/api/sports/live/list', body: { page: 1, size: 200 } });
    expect(boardRequest('popular', { sport: 'basketball' })).toEqual({ path: '/api/sports/popular/list', body: { page: 1, size: 200, sport: 'basketball' } });
    expect(boardRequest('upcoming', { sport: 'football', leagueId: 3169 })).toEqual({
      path: '/api/sports/list',
      body: { page: 1, size: 200, sport: 'football', leagueId: 3169, live: false },
    });
  });

  it('[S9-01] searches teams and leagues after a 300 ms pause', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    const list = [
      { homeName: '曼城', visitName: '阿森纳', leagueName: '英格兰超级联赛' },
      { homeName: 'BLG', visitName: 'JDG', leagueName: '英雄联盟职业联赛' },
    ];
    expect(searchMatches(list, '  ')).toBe(list);
    expect(searchMatches(list, '阿森')).toEqual([list[0]]);
    expect(searchMatches(list, 'jdg')).toEqual([list[1]]);
    expect(searchMatches(list, '联赛')).toEqual(list);
  });

  it('follows the live matches of a board, no more than the gateway allows', () => {
    const match = (matchId: number, status: MatchSummary['status']) => ({ matchId, status }) as MatchSummary;
    expect(followedMatches([match(1, 'live'), match(2, 'scheduled'), match(3, 'live')])).toEqual([1, 3]);
    expect(followedMatches(Array.from({ length: 70 }, (_, i) => match(i, 'live')))).toHaveLength(MAX_FOLLOWED_MATCHES);
  });
});

describe('venues', () => {
  it('[S3-13] shows venue codes OBTY and IMTY as YB and IM', () => {
    expect(venueLabel('OBTY')).toBe('YB');
    expect(venueLabel('IMTY')).toBe('IM');
    expect(venueLabel('SBTY')).toBe('SBTY');
  });

  it('[S4-12] [S2-06] opens a venue only at status 0; otherwise the member goes home', () => {
    expect(isVenueOpen({ status: 0 })).toBe(true);
    expect(isVenueOpen({ status: 1 })).toBe(false);
    expect(isVenueOpen({ status: 2 })).toBe(false);
    expect(isVenueOpen(undefined)).toBe(false);
    expect(chooseVenue(venues(0, 0), 'IMTY', null)).toEqual({ venueCode: 'IMTY' });
    expect(chooseVenue(venues(0, 1), 'IMTY', null)).toEqual({ redirect: '/app/home' });
    expect(chooseVenue(venues(0, 0), 'NOPE', null)).toEqual({ redirect: '/app/home' });
    expect(chooseVenue(venues(1, 2), null, null)).toEqual({ redirect: '/app/home' });
  });

  it('lands on the remembered venue if open, else the first open one', () => {
    expect(chooseVenue(venues(0, 0), null, 'IMTY')).toEqual({ venueCode: 'IMTY' });
    expect(chooseVenue(venues(0, 1), null, 'IMTY')).toEqual({ venueCode: 'OBTY' });
    expect(chooseVenue(venues(1, 0), null, null)).toEqual({ venueCode: 'IMTY' });
  });

  it('[S9-07] marks World Cup matches by the venue ids 3169, 10583 and 34055', () => {
    for (const tid of [3169, 10583, 34055]) expect(isWorldCupMatch({ tid })).toBe(true);
    for (const tid of [1001, 3170, 0]) expect(isWorldCupMatch({ tid })).toBe(false);
  });
});

describe('media entries of a match', () => {
  it('[S3-07] [S3-19] ANIMATION from animation_url, LIVE from anchor_flv_url with its anchor_status, ANCHOR when the match has anchors', () => {
    const animation = '/assets/sports/animation/football.svg';
    expect(mediaEntries({ animation_url: animation, anchor_flv_url: null, anchor_status: null }, false)).toEqual([{ kind: 'ANIMATION', url: animation }]);
    expect(mediaEntries({ animation_url: animation, anchor_flv_url: '/live/streams/A1.flv', anchor_status: 1 }, true)).toEqual([
      { kind: 'ANIMATION', url: animation },
      { kind: 'LIVE', url: '/live/streams/A1.flv' },
      { kind: 'ANCHOR', url: null },
    ]);
    expect(mediaEntries({ animation_url: null, anchor_flv_url: '/live/streams/A1.flv', anchor_status: null }, false)).toEqual([]);
    expect(mediaEntries({ animation_url: null, anchor_flv_url: null, anchor_status: null }, false)).toEqual([]);
  });
});
