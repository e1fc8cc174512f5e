import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { setOnce } from '../auth/index.ts';
import { setConfig } from '../site/index.ts';
import { caller, expectLedgerSound, luhnCard, newKey } from './testing.ts';
import { scriptMatch } from '../sports/testing.ts';

let s: TestServer;
let w: ReturnType<typeof caller>;
beforeAll(async () => {
  s = await startTestServer();
  w = caller(s);
  await setConfig(s.deps.db, 1, 'withdraw_turnover_multiple', '0');
});
afterAll(async () => {
  await expectLedgerSound(s);
  await s.close();
});

describe('queryDealRecord', () => {
  it('lists every movement of main and yeb, newest first, signed, with the balance after, by type and time', async () => {
    const m = await s.member();
    const before = Date.now() - 1000;
    await w.fund(m.token, 1_000);
    await w.move('/api/wallet/transfer', { api_name: 'PG', amount: 200, transfer_out: false }, m.token);
    await w.move('/api/wallet/yeb/toYeb', { amount: 300 }, m.token);
    const all = await s.call('/api/wallet/queryDealRecord', { page: 1, size: 20 }, { token: m.token });
    expect(all.data.total).toBe(4);
    expect(
      all.data.list.map((r: { type: string; wallet: string; amount: number; balanceAfter: number }) => [r.type, r.wallet, r.amount, r.balanceAfter]),
    ).toEqual([
      ['yeb', 'main', -300, 500],
      ['yeb', 'yeb', 300, 300],
      ['transfer', 'main', -200, 800],
      ['deposit', 'main', 1_000, 1_000],
    ]);
    expect(all.data.list[3]).toMatchObject({ typeName: '存款到账', kind: 'deposit.credit' });
    const deposits = await s.call('/api/wallet/queryDealRecord', { page: 1, size: 20, type: 'deposit' }, { token: m.token });
    expect(deposits.data.total).toBe(1);
    const page2 = await s.call('/api/wallet/queryDealRecord', { page: 2, size: 3 }, { token: m.token });
    expect(page2.data).toMatchObject({ total: 4, list: [{ type: 'deposit' }] });
    const windowed = await s.call('/api/wallet/queryDealRecord', { page: 1, size: 20, startTime: before, endTime: Date.now() + 1000 }, { token: m.token });
    expect(windowed.data.total).toBe(4);
    const future = await s.call('/api/wallet/queryDealRecord', { page: 1, size: 20, startTime: Date.now() + 60_000 }, { token: m.token });
    expect(future.data).toEqual({ list: [], total: 0 });
    const other = await s.member();
    expect((await s.call('/api/wallet/queryDealRecord', { page: 1, size: 20 }, { token: other.token })).data.total).toBe(0);
  });

  it('says what each movement was in the words of the site, never our references: the bet’s order number, 中心钱包, the venue’s name', async () => {
    const m = await s.member();
    await w.fund(m.token, 1_000);
    await w.move('/api/wallet/transfer', { api_name: 'PG', amount: 200, transfer_out: false }, m.token);
    await w.move('/api/wallet/transfer', { api_name: 'PG', amount: 50, transfer_out: true }, m.token);
    await w.move('/api/wallet/yeb/toYeb', { amount: 300 }, m.token);
    const home = await (await scriptMatch(s)).sel('1x2', 'home');
    const bet = await w.move('/api/sports/bet/place', { type: 'single', stake: 10, selections: [{ selectionId: home, odds: 2.1 }] }, m.token);
    expect(bet.code, bet.msg).toBe(0);
    const { list } = (await s.call('/api/wallet/queryDealRecord', { page: 1, size: 20 }, { token: m.token })).data;
    const seen = list.map((r: { typeName: string; detail: string; wallet: string }) => [r.typeName, r.detail, r.wallet]);
    expect(seen).toEqual([
      ['体育投注', `注单号 ${bet.data.orderId}`, 'main'],
      ['转入利息宝', '中心钱包 → 利息宝', 'main'],
      ['转入利息宝', '中心钱包 → 利息宝', 'yeb'],
      ['额度转换', 'PG电子 → 中心钱包', 'main'],
      ['额度转换', '中心钱包 → PG电子', 'main'],
      ['存款到账', expect.stringMatching(/^订单号 D\d{16}$/), 'main'],
    ]);
    expect(JSON.stringify(seen)).not.toMatch(/主钱包|bet:|yeb-in:|venue:/);
  });

  it('refuses a bad page, size, type or time window', async () => {
    const m = await s.member();
    for (const body of [
      { page: 0, size: 10 },
      { page: 1, size: 1000 },
      { page: 1, size: 10, type: 'lottery' },
      { page: 1, size: 10, startTime: 2000, endTime: 1000 },
    ]) {
      expect((await s.call('/api/wallet/queryDealRecord', body, { token: m.token })).code, JSON.stringify(body)).toBe(Errors.VALIDATION.code);
    }
  });
});

describe('the seed wallet calls', () => {
  it('[S7-13] pay types, payVal, bank lists, speedPay, withdraw, USDT pay and withdraw, address book, queryDealRecord, wallet type, yeb all answer', async () => {
    const m = await s.member();
    await setOnce(s.deps.db, m.memberId, 'realName', '钱七');
    const ok = async (url: string, body: object, key?: string) => {
      const res = await s.call(url, body, { token: m.token, key });
      expect(res.code, `${url}: ${res.msg}`).toBe(0);
      return res.data;
    };
    const types = await ok('/api/wallet/pay/types', {});
    await ok('/api/wallet/pay/payVal', { payTypeId: types.find((t: { kind: string }) => t.kind === 'sandbox').payTypeId, amount: 1_000 }, newKey());
    await ok('/api/wallet/bank/list', {});
    const bankOrder = await ok(
      '/api/wallet/pay/payVal',
      { payTypeId: types.find((t: { kind: string }) => t.kind === 'bank').payTypeId, amount: 100 },
      newKey(),
    );
    await ok('/api/wallet/speedPay/confirm', { orderId: bankOrder.orderId, payerName: '钱七' });
    await ok('/api/wallet/speedPay/appeal', { orderId: bankOrder.orderId, reason: '已转账请核实' });
    await ok('/api/wallet/speedPay/cancelCount', {});
    await ok('/api/wallet/usdt/pay', { payTypeId: types.find((t: { kind: string }) => t.kind === 'usdt').payTypeId, amount: 500 }, newKey());
    await ok('/api/wallet/withdrawPassword/set', { password: '246810' });
    const card = await ok('/api/wallet/bankCard/add', { bankCode: 'CCB', cardNum: luhnCard(m.memberId) });
    const address = await ok('/api/wallet/address/add', { network: 'ERC20', address: `0x${'ab'.repeat(20)}` });
    await ok('/api/wallet/address/list', {});
    await ok('/api/wallet/withdraw/prompt', {});
    await ok('/api/wallet/withdraw/prepare', { amount: 100 });
    const order = await ok('/api/wallet/withdraw/new', { amount: 100, withdrawPassword: '246810', cardId: card.cardId }, newKey());
    await ok('/api/wallet/withdraw/cancel', { orderId: order.orderId }, newKey());
    await ok('/api/wallet/usdt/withdraw', { amount: 100, withdrawPassword: '246810', addressId: address.addressId }, newKey());
    await ok('/api/wallet/queryDealRecord', { page: 1, size: 10 });
    expect(await ok('/api/wallet/type', {})).toMatchObject({ walletType: 'RMB' });
    await ok('/api/wallet/yeb/config', {});
    await ok('/api/wallet/yeb/toYeb', { amount: 100 }, newKey());
    expect((await s.call('/api/wallet/yeb/toCenter', { amount: 100 }, { token: m.token, key: newKey() })).code).toBe(Errors.YEB_LOCKED.code);
    expect((await s.call('/api/wallet/yeb/receive', {}, { token: m.token, key: newKey() })).code).toBe(Errors.NOTHING_TO_RECEIVE.code);
    const docs = (await s.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/wallet/balance',
      '/api/wallet/pay/types',
      '/api/wallet/pay/payVal',
      '/api/wallet/queryDealRecord',
      '/api/wallet/transfer',
      '/api/wallet/recover',
    ]) {
      expect(Object.keys(docs.paths)).toContain(path);
    }
  });
});
