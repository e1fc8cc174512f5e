import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
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
      ['egame', '电子'],
      ['chess', '棋牌'],
      ['fish', '捕鱼'],
    ]);
    expect(categories.find((c) => c.kind === 'chess')!.venues).toEqual([{ api_name: 'KY', name: '开元棋牌', status: 0 }]);
    expect(categories.find((c) => c.kind === 'fish')!.venues).toEqual([{ api_name: 'FISH', name: '海王捕鱼', status: 0 }]);
    expect(categories.find((c) => c.kind === 'egame')!.venues).toEqual([{ api_name: 'PG', name: 'PG电子', status: 0 }]);
  });

  it('shows no venue with nothing behind it: AG and BBIN join 真人 only while a product plays there, sports venues never', async () => {
    const before = await venuesOf();
    expect(before.live).toBeUndefined();
    expect(Object.values(before).flat()).not.toContain('OBTY');
    await offerVenues(s.deps.db, 'AG');
    try {
      expect((await venuesOf()).live).toEqual(['AG']);
    } finally {
      await unlistVenues(s.deps.db, 'AG');
    }
    expect((await venuesOf()).live).toBeUndefined();
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

  it('lists the house originals once their venue exists: built in, played from the main wallet, offered for no transfer', async () => {
    await s.deps.db.execute(sql`INSERT INTO venues (api_name, name, category, sort) VALUES ('ORIG', '原创游戏', 'originals', 90) ON CONFLICT DO NOTHING`);
    expect((await lobby()).at(-1)).toEqual({ kind: 'originals', name: '原创', venues: [{ api_name: 'ORIG', name: '原创游戏', status: 0 }] });
  });
});
