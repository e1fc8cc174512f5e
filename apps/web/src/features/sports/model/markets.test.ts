import { describe, expect, it } from 'vitest';
import type { Market, MarketKind } from '@bp/contract';
import { columnLabel, columnMarket, columnsOf, hasDraw, listLabel, marketSections, pricesPerRow, rowSelection, LIST_COLUMNS } from './markets.ts';

let id = 1;
const market = (kind: MarketKind, codes: Array<[string, string]>, status: Market['status'] = 'open', name: string = kind): Market => ({
  marketId: id++,
  kind,
  name,
  line: null,
  mapNo: null,
  status,
  minStake: 10,
  maxStake: 100,
  selections: codes.map(([code, n]) => ({ selectionId: id++, code, name: n, odds: 1.9, status })),
});

describe('markets on the screens', () => {
  it('lays a list card out in handicap, total and winner columns, with a draw row for 1x2', () => {
    const ah = market('ah', [
      ['home', '曼城 -0/0.5'],
      ['visit', '阿森纳 +0/0.5'],
    ]);
    const ou = market('ou', [
      ['over', '大 2.5'],
      ['under', '小 2.5'],
    ]);
    const x12 = market('1x2', [
      ['home', '曼城'],
      ['draw', '和局'],
      ['visit', '阿森纳'],
    ]);
    const main = [x12, ah, ou];
    expect(columnsOf('football').map((c) => columnMarket(main, c))).toEqual([ah, ou, x12]);
    expect(columnsOf('esports').map((c) => c.key)).toEqual(['winner']);
    expect(hasDraw(main)).toBe(true);
    expect(rowSelection(ou, 'visit')!.name).toBe('小 2.5');
    expect(rowSelection(x12, 'draw')!.name).toBe('和局');
    expect(rowSelection(ah, 'draw')).toBeUndefined();
    expect(listLabel(ah, ah.selections[0])).toBe('-0/0.5');
    expect(listLabel(ou, ou.selections[1])).toBe('小 2.5');
    expect(listLabel(x12, x12.selections[0])).toBeUndefined();
    expect(LIST_COLUMNS.map((c) => columnLabel('basketball', c))).toEqual(['handicapPoints', 'totalPoints', 'winner']);
    expect(LIST_COLUMNS.map((c) => columnLabel('football', c))).toEqual(['handicap', 'total', 'winner']);
  });

  it('groups the detail screen by kind, lines together, closed markets left out', () => {
    const sections = marketSections([
      market(
        'ah',
        [
          ['home', 'a'],
          ['visit', 'b'],
        ],
        'open',
        '全场让球',
      ),
      market(
        '1x2',
        [
          ['home', 'a'],
          ['draw', 'x'],
          ['visit', 'b'],
        ],
        'suspended',
        '全场独赢',
      ),
      market(
        'ah',
        [
          ['home', 'a'],
          ['visit', 'b'],
        ],
        'open',
        '全场让球',
      ),
      market('cs', [['1-0', '1-0']], 'closed', '波胆'),
    ]);
    expect(sections.map((s) => [s.group, s.kind, s.markets.length])).toEqual([
      ['winner', '1x2', 1],
      ['handicap', 'ah', 2],
    ]);
    expect(pricesPerRow('1x2')).toBe(3);
    expect(pricesPerRow('ou')).toBe(2);
  });
});
