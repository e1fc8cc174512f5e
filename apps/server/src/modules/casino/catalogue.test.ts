import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('electronic game brands and lists', () => {
  it('[S7-11] lists the egame venues with their page code computed by the seed rule', async () => {
    const brands = await s.call('/api/game/egame/brands', {});
    expect(brands.code).toBe(0);
    expect(brands.data).toEqual([{ api_name: 'PG', name: 'PG电子', code: 'pg', status: 0, gameCount: 12 }]);
  });

  it('[S7-11] pages a venue by code or api_name, searches by keyword and filters hot and new', async () => {
    const first = await s.call('/api/game/egame/list', { code: 'pg', page: 1, size: 5 });
    expect(first.data.total).toBe(12);
    expect(first.data.list).toHaveLength(5);
    expect(first.data.list[0]).toEqual({
      gameId: 'pg-mahjong-ways',
      gameName: '麻将胡了',
      api_name: 'PG',
      brand: 'PG Soft',
      image: '/assets/games/pg-mahjong-ways.svg',
      hot: true,
      new: false,
      collected: false,
    });
    const last = await s.call('/api/game/egame/list', { api_name: 'PG', page: 3, size: 5 });
    expect(last.data.list).toHaveLength(2);
    const past = await s.call('/api/game/egame/list', { code: 'PG', page: 9, size: 5 });
    expect(past.data).toEqual({ list: [], total: 12 });

    const search = await s.call('/api/game/egame/list', { code: 'pg', keyword: '赏金' });
    expect(search.data.list.map((g: { gameName: string }) => g.gameName)).toEqual(['赏金船长', '赏金女王']);
    const wildcard = await s.call('/api/game/egame/list', { code: 'pg', keyword: '%' });
    expect(wildcard.data.total).toBe(0);
    const hot = await s.call('/api/game/egame/list', { code: 'pg', hot: true, size: 100 });
    expect(hot.data.total).toBe(5);
    expect(hot.data.list.every((g: { hot: boolean }) => g.hot)).toBe(true);
    const fresh = await s.call('/api/game/egame/list', { code: 'pg', new: true });
    expect(fresh.data.list.map((g: { gameId: string }) => g.gameId)).toEqual(['pg-lucky-neko', 'pg-wild-bandito', 'pg-candy-burst', 'pg-queen-of-bounty']);
  });

  it('serves the game tiles as images', async () => {
    const res = await s.inject({ method: 'GET', url: '/assets/games/pg-lucky-neko.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
  });

  it('refuses an unknown code, a venue without egames, and a list without a venue', async () => {
    expect((await s.call('/api/game/egame/list', { code: 'zz' })).code).toBe(Errors.GAME_VENUE_UNKNOWN.code);
    expect((await s.call('/api/game/egame/list', { api_name: 'AG' })).code).toBe(Errors.GAME_VENUE_UNKNOWN.code);
    const none = await s.call('/api/game/egame/list', { page: 1 });
    expect(none.code).not.toBe(0);
    expect((await s.call('/api/game/egame/list', { code: 'pg', size: 1000 })).code).not.toBe(0);
  });
});

describe('collections', () => {
  it('[S7-11] adds and removes a member’s games, shown on the list and in the collection', async () => {
    const m = await s.member();
    const other = await s.member();
    expect((await s.call('/api/game/collection/add', { gameId: 'pg-ice-rush' }, { token: m.token })).data).toEqual({ gameId: 'pg-ice-rush', collected: true });
    expect((await s.call('/api/game/collection/add', { gameId: 'pg-ice-rush' }, { token: m.token })).code).toBe(0);
    await s.call('/api/game/collection/add', { gameId: 'pg-lucky-neko' }, { token: m.token });

    const mine = await s.call('/api/game/collection/list', { page: 1, size: 20 }, { token: m.token });
    expect(mine.data.total).toBe(2);
    expect(mine.data.list.map((g: { gameId: string }) => g.gameId).sort()).toEqual(['pg-ice-rush', 'pg-lucky-neko']);
    const listed = await s.call('/api/game/egame/list', { code: 'pg', keyword: '冰雪' }, { token: m.token });
    expect(listed.data.list[0].collected).toBe(true);
    const theirs = await s.call('/api/game/egame/list', { code: 'pg', keyword: '冰雪' }, { token: other.token });
    expect(theirs.data.list[0].collected).toBe(false);

    expect((await s.call('/api/game/collection/remove', { gameId: 'pg-ice-rush' }, { token: m.token })).data).toEqual({
      gameId: 'pg-ice-rush',
      collected: false,
    });
    expect((await s.call('/api/game/collection/list', {}, { token: m.token })).data.total).toBe(1);
  });

  it('refuses visitors and unknown games, changing nothing', async () => {
    const visitor = await s.call('/api/game/collection/add', { gameId: 'pg-ice-rush' });
    expect(visitor.status).toBe(401);
    const m = await s.member();
    const unknown = await s.call('/api/game/collection/add', { gameId: 'no-such-game' }, { token: m.token });
    expect(unknown.code).toBe(Errors.GAME_NOT_FOUND.code);
    expect(unknown.msg).toBe('游戏不存在或已下架');
    expect((await s.call('/api/game/collection/list', {}, { token: m.token })).data.total).toBe(0);
  });
});
