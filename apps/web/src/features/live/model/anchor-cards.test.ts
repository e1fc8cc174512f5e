import { describe, expect, it } from 'vitest';
import type { AnchorMatch } from '@bp/contract';
import { anchorCards, anchorsOfMatch } from './anchor-cards.ts';

const anchor = (anchorRoomId: number, matchId: number | null, anchorStatus: number): AnchorMatch =>
  ({ anchorRoomId, matchId, anchorStatus, anchorInfo: { anchorId: anchorRoomId, nickname: `主播${anchorRoomId}`, squareLogo: '' } }) as AnchorMatch;

describe('the 直播 list’s cards', () => {
  it('[S9-08] one card per match with at most 3 anchors, those on air first; a free cast is a card of its own', () => {
    const cards = anchorCards([anchor(1, 10, 0), anchor(2, 10, 1), anchor(3, 10, 1), anchor(4, 10, 2), anchor(5, null, 1)]);
    expect(cards.map((c) => c.key)).toEqual(['match-10', 'cast-5']);
    expect(cards[0].anchors.map((a) => a.anchorRoomId)).toEqual([2, 3, 1]);
    expect(cards[0].lead.anchorRoomId).toBe(2);
  });

  it('[S9-01] cards with an anchor on air come before the others', () => {
    const cards = anchorCards([anchor(1, 10, 0), anchor(2, 11, 2), anchor(3, null, 1)]);
    expect(cards.map((c) => [c.key, c.live])).toEqual([
      ['cast-3', true],
      ['match-10', false],
      ['match-11', false],
    ]);
  });

  it('[S3-19] a match’s anchors for its ANCHOR media', () => {
    expect(anchorsOfMatch([anchor(1, 10, 0), anchor(2, 11, 1), anchor(3, 10, 1)], 10).map((a) => a.anchorRoomId)).toEqual([3, 1]);
    expect(anchorsOfMatch([anchor(1, 10, 0)], 99)).toEqual([]);
  });
});
