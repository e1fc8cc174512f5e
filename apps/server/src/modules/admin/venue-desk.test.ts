import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';
import { venueStatuses } from '../sports/index.ts';
import { scriptMatch } from '../sports/testing.ts';
import { operatorCall, signInOperator } from './testing.ts';

let s: TestServer;
let w: ReturnType<typeof caller>;
beforeAll(async () => {
  s = await startTestServer();
  w = caller(s);
});
afterAll(async () => {
  await expectLedgerSound(s);
  await s.close();
});

const transferIn = (token: string, amount: number, api_name = 'PG') => w.move('/api/wallet/transfer', { api_name, amount, transfer_out: false }, token);
const launch = (token: string) => s.call('/api/game/venue/launch', { venueEnName: 'PG', gameId: 'pg-candy-burst' }, { token, key: newKey() });

describe('the venue desk', () => {
  it('[admin] lists the venues with their state; maintenance shows members its message and refuses transfers in and launches until lifted; audited', async () => {
    const venues = (await operatorCall(s, '/api/admin/venue/list')).data.list;
    expect(venues.map((v: { api_name: string }) => v.api_name)).toEqual(expect.arrayContaining(['AG', 'PG', 'KY', 'FISH', 'ORIG']));
    expect(venues.find((v: { api_name: string }) => v.api_name === 'PG')).toMatchObject({ status: 0, maintenanceMessage: '', maxTransferIn: {} });

    const m = await s.member();
    await w.fund(m.token, 100);
    const message = 'PG电子系统升级中，预计18:00恢复';
    const closed = await operatorCall(s, '/api/admin/venue/maintenance', { api_name: 'PG', maintenance: true, message });
    expect(closed.data).toMatchObject({ api_name: 'PG', status: 1, maintenanceMessage: message });
    const refused = await transferIn(m.token, 10);
    expect([refused.code, refused.msg]).toEqual([Errors.VENUE_UNAVAILABLE.code, message]);
    const noLaunch = await launch(m.token);
    expect([noLaunch.code, noLaunch.msg]).toEqual([Errors.GAME_VENUE_CLOSED.code, message]);
    const lobby = (await s.call('/api/game/lobby', {})).data.categories.flatMap((c: { venues: unknown[] }) => c.venues);
    expect(lobby.find((v: { api_name: string }) => v.api_name === 'PG').status).not.toBe(0);
    expect((await w.balance(m.token)).main).toBe(100);

    expect((await operatorCall(s, '/api/admin/venue/maintenance', { api_name: 'PG', maintenance: false })).data).toMatchObject({
      status: 0,
      maintenanceMessage: '',
    });
    expect((await transferIn(m.token, 10)).code).toBe(0);
    expect((await launch(m.token)).code).toBe(0);
    expect((await operatorCall(s, '/api/admin/venue/maintenance', { api_name: 'NOPE', maintenance: true })).code).toBe(Errors.VENUE_UNKNOWN.code);

    const log = (await operatorCall(s, '/api/admin/audit/list', { target: 'venue:PG' })).data.list;
    expect(log.map((e: { action: string }) => e.action)).toEqual(['venue.maintenance', 'venue.maintenance']);
    expect(log[1]).toMatchObject({ before: { status: 0 }, after: { status: 1, maintenanceMessage: message } });
  });

  it('[S4-12] a sports venue put under maintenance closes on every site (status not 0, bets refused) and takes bets again once lifted', async () => {
    const m = await s.member();
    await w.fund(m.token, 100);
    const match = await scriptMatch(s, { venueCode: 'IMTY', leagueId: 4711 });
    const selectionId = await match.sel('1x2', 'home');
    const bet = () =>
      s.call('/api/sports/bet/place', { type: 'single', stake: 10, selections: [{ selectionId, odds: 2.1 }] }, { token: m.token, key: newKey() });

    expect((await operatorCall(s, '/api/admin/venue/maintenance', { api_name: 'IMTY', maintenance: true })).data.status).toBe(1);
    for (const siteId of [1, 2]) expect((await venueStatuses(s.deps.db, siteId)).find((v) => v.venueCode === 'IMTY')!.status).toBe(1);
    expect((await bet()).code).toBe(Errors.SPORTS_VENUE_CLOSED.code);
    expect((await operatorCall(s, '/api/admin/venue/maintenance', { api_name: 'IMTY', maintenance: false })).data.status).toBe(0);
    for (const siteId of [1, 2]) expect((await venueStatuses(s.deps.db, siteId)).find((v) => v.venueCode === 'IMTY')!.status).toBe(0);
    expect((await bet()).code).toBe(0);
  });

  it('[admin] a venue’s transfer-in limit per currency refuses a larger transfer in, in words, moving nothing; cleared, it is gone', async () => {
    const m = await s.member();
    await w.fund(m.token, 200);
    expect((await operatorCall(s, '/api/admin/venue/limits', { api_name: 'PG', maxTransferIn: { CNY: 50, USDT: null } })).data.maxTransferIn).toEqual({
      CNY: 50,
    });
    const above = await transferIn(m.token, 50.01);
    expect(above.code).toBe(Errors.VENUE_TRANSFER_ABOVE_MAX.code);
    expect(above.msg).toContain('50');
    expect((await w.balance(m.token)).main).toBe(200);
    expect((await transferIn(m.token, 50)).code).toBe(0);
    expect((await operatorCall(s, '/api/admin/venue/limits', { api_name: 'PG', maxTransferIn: { CNY: 1.234, USDT: null } })).code).toBe(Errors.VALIDATION.code);
    expect((await operatorCall(s, '/api/admin/venue/limits', { api_name: 'PG', maxTransferIn: { CNY: null, USDT: null } })).data.maxTransferIn).toEqual({});
    expect((await transferIn(m.token, 100)).code).toBe(0);
  });

  it('[admin] a dealer table’s limits in a currency are set whole (every limit kind, min not above max) and the tables show them', async () => {
    const tables = (await operatorCall(s, '/api/admin/table/list')).data.list;
    const bac = tables.find((t: { tableId: string }) => t.tableId === 'bac1');
    const limits = { ...bac.limits.CNY, main: [20, 30000] };
    expect((await operatorCall(s, '/api/admin/table/limits', { tableId: 'bac1', currency: 'CNY', limits })).data.limits.CNY.main).toEqual([20, 30000]);
    const shown = (await s.call('/api/tables/list', {})).data.list.find((t: { tableId: string }) => t.tableId === 'bac1');
    expect(shown.limits).toContainEqual(expect.objectContaining({ kind: 'main', min: 20, max: 30000 }));

    const inverted = await operatorCall(s, '/api/admin/table/limits', { tableId: 'bac1', currency: 'CNY', limits: { ...limits, main: [500, 100] } });
    expect(inverted.code).toBe(Errors.DESK_TABLE_LIMITS.code);
    const partial = await operatorCall(s, '/api/admin/table/limits', { tableId: 'bac1', currency: 'CNY', limits: { main: [10, 100] } });
    expect(partial.code).toBe(Errors.DESK_TABLE_LIMITS.code);
    expect((await operatorCall(s, '/api/admin/table/limits', { tableId: 'nope', currency: 'CNY', limits })).code).toBe(Errors.TABLE_UNKNOWN.code);
    expect((await operatorCall(s, '/api/admin/table/list')).data.list.find((t: { tableId: string }) => t.tableId === 'bac1').limits.CNY.main).toEqual([
      20, 30000,
    ]);
  });

  it('[admin] only an operator holding venue.manage reaches the venue desk', async () => {
    for (const role of ['trader', 'finance', 'content'] as const) {
      const op = await signInOperator(s, [role]);
      const res = await s.call('/api/admin/venue/maintenance', { api_name: 'PG', maintenance: true }, { headers: op.headers });
      expect([res.status, res.code], role).toEqual([403, Errors.OPERATOR_FORBIDDEN.code]);
    }
    expect((await operatorCall(s, '/api/admin/venue/list')).data.list.find((v: { api_name: string }) => v.api_name === 'PG').status).toBe(0);
  });
});
