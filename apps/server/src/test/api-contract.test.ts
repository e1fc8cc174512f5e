import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * The public contract of ../shared/API.md, called exactly as an outside client would: only its
 * paths, its fields and its conventions. If this test has to change, the contract changed.
 */
const API_PATHS: Array<[method: 'get' | 'post', path: string]> = [
  ['get', '/api/health'],
  ['post', '/api/site/group/site/perInfo'],
  ['post', '/api/site/configInfo/get'],
  ['post', '/api/site/configInfo/gets'],
  ['get', '/api/site/time'],
  ['post', '/api/member/register/v4'],
  ['post', '/api/member/login/v3'],
  ['post', '/api/member/logout'],
  ['post', '/api/member/info'],
  ['post', '/api/wallet/balance'],
  ['post', '/api/wallet/pay/types'],
  ['post', '/api/wallet/pay/payVal'],
  ['post', '/api/wallet/queryDealRecord'],
  ['post', '/api/wallet/transfer'],
  ['post', '/api/wallet/recover'],
  ['post', '/api/sports/list'],
  ['post', '/api/sports/match/detail'],
  ['post', '/api/sports/bet/place'],
  ['post', '/api/sports/bet/records'],
  ['post', '/api/live/anchor/list'],
  ['post', '/api/live/chat/status'],
  ['post', '/api/live/chat/history'],
  ['post', '/api/member/chat/history'],
  ['post', '/api/member/chat/send'],
  ['post', '/api/member/chat/shareOrder'],
  ['post', '/api/member/chat/mute'],
  ['post', '/api/member/chat/unblock'],
  ['post', '/api/member/chat/muted/list'],
  ['post', '/api/live/gift/list'],
  ['post', '/api/member/gold/balance'],
  ['post', '/api/member/gold/buy'],
  ['post', '/api/member/gift/send'],
  ['post', '/api/live/anchor/rank'],
];

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const money = (token: string) => ({ token, key: randomUUID() });

describe('the public contract (API.md)', () => {
  it('documents every path of API.md in the OpenAPI document', async () => {
    const doc = (await s.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    for (const [method, path] of API_PATHS) expect(doc.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
  });

  it('[S7-08] answers the site calls in the envelope with the documented fields', async () => {
    const health = (await s.inject({ method: 'GET', url: '/api/health' })).json();
    expect(health).toMatchObject({ code: 0, data: { status: 'ok', version: expect.any(String) } });
    expect(['pglite', 'postgres']).toContain(health.data.db);
    expect(['memory', 'redis']).toContain(health.data.bus);
    const per = await s.call('/api/site/group/site/perInfo');
    expect(per.data).toMatchObject({ siteId: 1, settlementUnit: 'cny', maintenance: { status: expect.any(Number) } });
    expect((await s.call('/api/site/group/site/perInfo', {}, { headers: { 'x-site-id': '2' } })).data.settlementUnit).toBe('usdt');
    expect((await s.call('/api/site/configInfo/get', { keyCode: 'login_verify_trigger_times' })).data).toEqual({
      keyCode: 'login_verify_trigger_times',
      value: expect.any(String),
    });
    const gets = await s.call('/api/site/configInfo/gets', { keyCodes: ['fast_register_verify', 'withdrawal_password'] });
    expect(Object.keys(gets.data).sort()).toEqual(['fast_register_verify', 'withdrawal_password']);
    const time = (await s.inject({ method: 'GET', url: '/api/site/time' })).json();
    expect(Math.abs(time.data.now - Date.now())).toBeLessThan(60_000);
  });

  it('walks a member through register, login, deposit, venue transfer, recover, history, a bet and logout', async () => {
    const name = `api${Date.now().toString(36)}`;
    const reg = await s.call('/api/member/register/v4', { name, password: 'abc12345' });
    expect(reg).toMatchObject({ code: 0, data: { token: expect.any(String), memberId: expect.any(Number), expireAt: expect.any(Number) } });
    const login = await s.call('/api/member/login/v3', { name, password: 'abc12345' });
    const token = login.data.token as string;
    expect((await s.call('/api/member/info', {}, { token })).data).toMatchObject({ memberId: reg.data.memberId, name, currency: 'CNY', vipLevel: 0 });

    const types = (await s.call('/api/wallet/pay/types', {}, { token })).data as Array<{ payTypeId: number; kind: string; min: number; max: number }>;
    const sandbox = types.find((t) => t.kind === 'sandbox')!;
    expect(sandbox).toMatchObject({ payTypeId: expect.anything(), name: expect.any(String) });
    const deposit = await s.call('/api/wallet/pay/payVal', { payTypeId: sandbox.payTypeId, amount: 500 }, money(token));
    expect(deposit.data).toMatchObject({ orderId: expect.anything(), status: 'success' });

    const balance = (await s.call('/api/wallet/balance', {}, { token })).data;
    expect(balance).toMatchObject({ currency: 'CNY', main: 500, yeb: 0 });
    const venue = balance.venues[0].api_name as string;
    const moved = await s.call('/api/wallet/transfer', { api_name: venue, amount: 120.5, transfer_out: false }, money(token));
    expect(moved.data).toEqual(expect.objectContaining({ main: 379.5, venue: 120.5 }));
    const back = await s.call('/api/wallet/transfer', { api_name: venue, amount: 20.5, transfer_out: true }, money(token));
    expect(back.data).toEqual(expect.objectContaining({ main: 400, venue: 100 }));
    expect((await s.call('/api/wallet/recover', {}, money(token))).data.main).toBe(500);

    const history = (await s.call('/api/wallet/queryDealRecord', { page: 1, size: 20 }, { token })).data;
    expect(history.total).toBeGreaterThanOrEqual(4);
    expect(history.list[0]).toMatchObject({
      id: expect.anything(),
      type: expect.any(String),
      amount: expect.any(Number),
      balanceAfter: expect.any(Number),
      createdAt: expect.any(Number),
    });

    const list = (await s.call('/api/sports/list', { page: 1, size: 50 })).data;
    expect(list.total).toBeGreaterThan(0);
    expect(list.list[0]).toMatchObject({
      matchId: expect.any(Number),
      homeName: expect.any(String),
      visitName: expect.any(String),
      startAt: expect.any(Number),
      status: expect.anything(),
    });
    const upcoming = list.list.find((m: { status: string; startAt: number }) => m.status === 'scheduled' && m.startAt > Date.now() + 60_000);
    const detail = (await s.call('/api/sports/match/detail', { matchId: upcoming.matchId })).data;
    const market = detail.markets.find((m: { status: string }) => m.status === 'open');
    const selection = market.selections[0] as { selectionId: number; odds: number };
    expect(selection).toMatchObject({ selectionId: expect.any(Number), name: expect.any(String), odds: expect.any(Number) });
    const bet = await s.call(
      '/api/sports/bet/place',
      { type: 'single', stake: 10, selections: [{ selectionId: selection.selectionId, odds: selection.odds }], acceptOddsChange: true },
      money(token),
    );
    expect(bet.code).toBe(0);
    expect(bet.data).toMatchObject({ orderId: expect.anything(), status: expect.any(String), potentialReturn: expect.any(Number) });
    const records = (await s.call('/api/sports/bet/records', { page: 1, size: 10 }, { token })).data;
    expect(records.list[0]).toMatchObject({ orderId: bet.data.orderId, stake: 10, odds: expect.any(Number), status: expect.any(String) });
    expect(records.list[0]).toHaveProperty('payout');

    expect((await s.call('/api/member/logout', {}, { token })).data).toBeNull();
    const after = await s.call('/api/member/info', {}, { token });
    expect(after.status).toBe(401);
  });
});
