import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { caller, expectLedgerSound } from '../wallet/testing.ts';
import { offerVenues, unlistVenues } from '../casino/testing.ts';

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

const transfer = (token: string, api_name: string, amount: number, transfer_out: boolean) =>
  w.move('/api/wallet/transfer', { api_name, amount, transfer_out }, token);
const listed = async (token: string) =>
  (await w.balance(token)).venues.map((v: { api_name: string; offered: boolean; balance: number }) => [v.api_name, v.offered, v.balance]);

describe('venues are offered only where a product plays', () => {
  it('[S3-03] the demo offers the venues with games: AG真人 (the live tables), PG电子, 开元棋牌 (抢庄牛牛), 海王捕鱼; BBIN and the sports venues take no money in, and are not listed', async () => {
    const m = await s.member();
    await w.fund(m.token, 100);
    for (const venue of ['BBIN', 'OBTY', 'IMTY']) {
      const refused = await transfer(m.token, venue, 10, false);
      expect(refused, venue).toMatchObject({ code: Errors.VENUE_NOT_OFFERED.code, msg: '该游戏平台暂未开放，不能转入' });
    }
    expect(await listed(m.token)).toEqual([
      ['AG', true, 0],
      ['PG', true, 0],
      ['KY', true, 0],
      ['FISH', true, 0],
    ]);
    expect(await w.balance(m.token)).toMatchObject({ main: 100, frozen: 0 });
    expect((await transfer(m.token, 'PG', 10, false)).data).toEqual({ main: 90, venue: 10 });
  });

  it('a venue comes on when its product lists a game there, and money left there when it stops can always come out', async () => {
    const m = await s.member();
    await w.fund(m.token, 100);
    const [ag, ...rest] = [
      ['AG', true, 0],
      ['PG', true, 0],
      ['KY', true, 0],
      ['FISH', true, 0],
    ];
    const demo = [ag, ...rest];
    await offerVenues(s.deps.db, 'BBIN');
    try {
      expect((await transfer(m.token, 'BBIN', 60, false)).data).toEqual({ main: 40, venue: 60 });
      expect(await listed(m.token)).toEqual([ag, ['BBIN', true, 60], ...rest]);
    } finally {
      await unlistVenues(s.deps.db, 'BBIN');
    }
    expect(await listed(m.token)).toEqual([ag, ['BBIN', false, 60], ...rest]);
    expect((await transfer(m.token, 'BBIN', 10, false)).code).toBe(Errors.VENUE_NOT_OFFERED.code);
    expect((await transfer(m.token, 'BBIN', 20, true)).data).toEqual({ main: 60, venue: 40 });
    expect((await w.move('/api/wallet/recover', {}, m.token)).data).toEqual({ main: 100, pending: [] });
    expect(await listed(m.token)).toEqual(demo);
  });
});
