import { describe, expect, it } from 'vitest';
import { reportCsv } from './report-csv.ts';

describe('report CSV', () => {
  it('[admin] starts with a UTF-8 byte-order mark, quotes what needs it, keeps amounts as numbers, ends lines with CRLF', () => {
    const rows = [
      { label: '2026-11-01', currency: 'CNY', ggr: 1234.5, bets: 3 },
      { label: '代理"王五", 上海', currency: 'USDT', ggr: -20, bets: 0 },
    ];
    const csv = reportCsv(rows, '日期', [
      { key: 'bets', title: '注单数' },
      { key: 'ggr', title: 'GGR' },
    ]);
    expect(new TextEncoder().encode(csv).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(csv.slice(1).split('\r\n')).toEqual(['日期,币种,注单数,GGR', '2026-11-01,CNY,3,1234.5', '"代理""王五"", 上海",USDT,0,-20', '']);
  });
});
