import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { setVenueStatus } from '../venue/testing.ts';
import { offerVenues, unlistVenues } from './testing.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const lobby = async () => {
  const res = await s.call('/api/game/lobby', {});
  expect(res.code, res.msg).toBe(0);
  return res.data.categories as Array<{ kind: string; name: string; venues: Array<{ api_name: string; name: string; status: number }> }>;
};
const venuesOf = async () => Object.fromEntries((await lobby()).map((c) => [c.kind, c.venues.map((v) => v.api_name)]));

describe('the game lobby', () => {
  it('[S7-11] lists each category with the venues that have games behind them, in Chinese, to visitors too', async () => {
    const categories = await lobby();
    expect(categories.map((c) => [c.kind, c.name])).toEqual([
      ['live', '真人'],
      ['egame', '电子'],
      ['chess', '棋牌'],
      ['fish', '捕鱼'],
      ['originals', '原创'],
    ]);
    expect(categories.find((c) => c.kind === 'live')!.venues).toEqual([{ api_name: 'AG', name: 'AG真人', status: 0 }]);
    expect(categories.find((c) => c.kind === 'originals')!.venues).toEqual([{ api_name: 'ORIG', name: '原创游戏', status: 0 }]);
    expect(categories.find((c) => c.kind === 'chess')!.venues).toEqual([{ api_name: 'KY', name: '开元棋牌', status: 0 }]);
    expect(categories.find((c) => c.kind === 'fish')!.venues).toEqual([{ api_name: 'FISH', name: '海王捕鱼', status: 0 }]);
    expect(categories.find((c) => c.kind === 'egame')!.venues).toEqual([{ api_name: 'PG', name: 'PG电子', status: 0 }]);
  });

  it('shows no venue with nothing behind it: BBIN joins 真人 beside AG (the live tables) only while a product plays there, sports venues never', async () => {
    const before = await venuesOf();
    expect(before.live).toEqual(['AG']);
    expect(Object.values(before).flat()).not.toContain('OBTY');
    expect(Object.values(before).flat()).not.toContain('SIM');
    await offerVenues(s.deps.db, 'BBIN');
    try {
      expect((await venuesOf()).live).toEqual(['AG', 'BBIN']);
    } finally {
      await unlistVenues(s.deps.db, 'BBIN');
    }
    expect((await venuesOf()).live).toEqual(['AG']);
  });

  it('[S7-11] a venue under maintenance stays listed with its status, for the screen to say so', async () => {
    await setVenueStatus(s.deps.db, 'KY', 1);
    try {
      const chess = (await lobby()).find((c) => c.kind === 'chess')!;
      expect(chess.venues).toEqual([{ api_name: 'KY', name: '开元棋牌', status: 1 }]);
    } finally {
      await setVenueStatus(s.deps.db, 'KY', 0);
    }
  });

  it('lists the house originals: built in, played from the main wallet, offered for no transfer', async () => {
    expect((await lobby()).at(-1)).toEqual({ kind: 'originals', name: '原创', venues: [{ api_name: 'ORIG', name: '原创游戏', status: 0 }] });
  });
});
