import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Errors, tronAddress } from '@bp/contract';
import { shiftToMorning, startTestServer, type TestServer } from '../../test/harness.ts';
import { asOperator } from '../admin/testing.ts';
import { clock } from '../../platform/clock.ts';
import { setOnce } from '../auth/index.ts';
import { setConfig } from '../site/index.ts';
import { caller, expectLedgerSound, luhnCard, newKey } from './testing.ts';
import { approveWithdrawal, houseAccount, memberAccount, payoutAccounts, postTransfer, rejectWithdrawal, walletOwner } from './index.ts';

let s: TestServer;
let w: ReturnType<typeof caller>;
const USDT = { 'x-site-id': '2' };
const CARDS = ['6222021234567890128', '4111111111111111', '5500005555555559', '6011000990139424', '378282246310005'];
/** A checksummed TRC20 address of its own for each character. */
const TRC = (c: string) => tronAddress(new Uint8Array(20).fill(c.charCodeAt(0)));
const ERC = (c: string) => `0x${c.repeat(40)}`;

beforeAll(async () => {
  s = await startTestServer();
  w = caller(s);
  for (const site of [1, 2]) await setConfig(s.deps.db, site, 'withdraw_turnover_multiple', '0');
});
afterEach(() => clock.reset());
afterAll(async () => {
  await expectLedgerSound(s);
  await s.close();
});

const withRealName = (memberId: number, realName = '张三') => setOnce(s.deps.db, memberId, 'realName', realName);

/** A CNY member with a real name, a withdrawal password 123456, a card, and `funds` in main. */
async function readyMember(funds = 0, card?: string) {
  const m = await s.member();
  await withRealName(m.memberId);
  expect((await s.call('/api/wallet/withdrawPassword/set', { password: '123456' }, { token: m.token })).code).toBe(0);
  const added = await s.call('/api/wallet/bankCard/add', { bankCode: 'ICBC', cardNum: card ?? luhnCard(m.memberId) }, { token: m.token });
  expect(added.code, added.msg).toBe(0);
  if (funds) await w.fund(m.token, funds);
  return { ...m, cardId: added.data.cardId as number };
}

describe('the withdrawal password', () => {
  it('[S5-06] is 6 digits, set once, changed with the old one, reset with a bound card', async () => {
    const m = await readyMember();
    for (const bad of ['12345', '1234567', 'abcdef', '12 456']) {
      const res = await s.call('/api/wallet/withdrawPassword/update', { oldPassword: '123456', password: bad }, { token: m.token });
      expect(res.code).toBe(Errors.VALIDATION.code);
    }
    expect((await s.call('/api/wallet/withdrawPassword/set', { password: '654321' }, { token: m.token })).code).toBe(Errors.WITHDRAW_PASSWORD_EXISTS.code);
    expect((await s.call('/api/wallet/withdrawPassword/update', { oldPassword: '000000', password: '654321' }, { token: m.token })).code).toBe(
      Errors.WITHDRAW_PASSWORD_WRONG.code,
    );
    expect((await s.call('/api/wallet/withdrawPassword/update', { oldPassword: '123456', password: '654321' }, { token: m.token })).code).toBe(0);
    expect((await s.call('/api/wallet/withdrawPassword/reset', { proof: '4111111111111111', password: '111111' }, { token: m.token })).code).toBe(
      Errors.RESET_PROOF_INVALID.code,
    );
    const reset = await s.call(
      '/api/wallet/withdrawPassword/reset',
      { proof: luhnCard(m.memberId).replace(/(\d{4})/g, '$1 '), password: '111111' },
      { token: m.token },
    );
    expect(reset.code).toBe(0);
    expect((await s.call('/api/wallet/withdrawPassword/update', { oldPassword: '111111', password: '222222' }, { token: m.token })).code).toBe(0);
  });

  it('five wrong in a row lock withdrawals for 30 minutes, even with the right password', async () => {
    shiftToMorning();
    const m = await readyMember(500);
    const attempt = (password: string) => w.move('/api/wallet/withdraw/new', { amount: 100, withdrawPassword: password, cardId: m.cardId }, m.token);
    for (let i = 1; i <= 4; i++) {
      const res = await attempt('999999');
      expect(res.code).toBe(Errors.WITHDRAW_PASSWORD_WRONG.code);
      expect(res.data.remaining).toBe(5 - i);
    }
    expect((await attempt('999999')).code).toBe(Errors.WITHDRAW_PASSWORD_LOCKED.code);
    expect((await attempt('123456')).code).toBe(Errors.WITHDRAW_PASSWORD_LOCKED.code);
    const status = await s.call('/api/wallet/withdrawPassword/status', {}, { token: m.token });
    expect(status.data.lockedUntil).toBeGreaterThan(clock.now() + 29 * 60_000);
    expect((await w.balance(m.token)).main).toBe(500);
    clock.shift(30 * 60_000 + 1000);
    expect((await attempt('123456')).code).toBe(0);
    expect((await w.balance(m.token)).main).toBe(400);
  });

  it('[hardening] counts each try before checking it: of 60 wrong changes at once at most five meet the password, and the right one after them is not taken', async () => {
    const m = await readyMember();
    // All wrong: which five of a burst get checked is the database's order, not the burst's (a
    // right one placed late in a burst of code guesses was once among those checked, under CI's load).
    const change = (old: string) => s.call('/api/wallet/withdrawPassword/update', { oldPassword: old, password: '654321' }, { token: m.token });
    const codes = (await Promise.all(Array.from({ length: 60 }, () => change('999999')))).map((a) => a.code);
    const count = (code: number) => codes.filter((c) => c === code).length;
    // At most five tries meet the password, the fifth wrong one locking; the rest wait their turn or meet the lock.
    expect(count(Errors.WITHDRAW_PASSWORD_WRONG.code)).toBeLessThanOrEqual(4);
    expect(count(Errors.WITHDRAW_PASSWORD_WRONG.code) + count(Errors.WITHDRAW_PASSWORD_LOCKED.code) + count(Errors.HIGH_TRAFFIC.code)).toBe(60);
    expect((await change('123456')).code).toBe(Errors.WITHDRAW_PASSWORD_LOCKED.code);
    expect((await s.call('/api/wallet/withdrawPassword/status', {}, { token: m.token })).data.lockedUntil).toBeGreaterThan(Date.now());
    clock.shift(30 * 60_000 + 1000);
    m.token = await w.login(m);
    // The password never changed: the old one still works once the lock is over.
    expect((await s.call('/api/wallet/withdrawPassword/update', { oldPassword: '123456', password: '654321' }, { token: m.token })).code).toBe(0);
  });
});

describe('bank cards and USDT addresses', () => {
  it('[S5-08] refuses a card failing Luhn, without a real name, of an unknown bank, or bound by someone else', async () => {
    const m = await s.member();
    expect((await s.call('/api/wallet/bankCard/add', { bankCode: 'ICBC', cardNum: '6222021234567890127' }, { token: m.token })).code).toBe(
      Errors.VALIDATION.code,
    );
    expect((await s.call('/api/wallet/bankCard/add', { bankCode: 'ICBC', cardNum: CARDS[0] }, { token: m.token })).code).toBe(Errors.REAL_NAME_REQUIRED.code);
    await withRealName(m.memberId, '李四');
    expect((await s.call('/api/wallet/bankCard/add', { bankCode: 'NOPE', cardNum: CARDS[0] }, { token: m.token })).code).toBe(Errors.BANK_INVALID.code);
    const added = await s.call('/api/wallet/bankCard/add', { bankCode: 'CMB', cardNum: '6222 0212 3456 7890 128' }, { token: m.token });
    expect(added.data).toMatchObject({ bankName: '招商银行', cardNum: '***************0128', realName: '李四' });
    const other = await s.member();
    await withRealName(other.memberId);
    expect((await s.call('/api/wallet/bankCard/add', { bankCode: 'ICBC', cardNum: CARDS[0] }, { token: other.token })).code).toBe(Errors.CARD_TAKEN.code);
    expect((await s.call('/api/wallet/bankCard/delete', { cardId: added.data.cardId }, { token: other.token })).code).toBe(Errors.CARD_NOT_FOUND.code);
    expect((await s.call('/api/wallet/bankCard/delete', { cardId: added.data.cardId }, { token: m.token })).code).toBe(0);
    expect((await s.call('/api/wallet/bankCard/list', {}, { token: m.token })).data).toEqual([]);
  });

  it('checks USDT address formats per network', async () => {
    const m = await s.member({ siteId: 2 });
    const add = (network: string, address: string) => s.call('/api/wallet/address/add', { network, address }, { token: m.token, headers: USDT });
    expect((await add('TRC20', `T${'0'.repeat(33)}`)).code).toBe(Errors.USDT_ADDRESS_INVALID.code);
    expect((await add('TRC20', ERC('a'))).code).toBe(Errors.USDT_ADDRESS_INVALID.code);
    expect((await add('ERC20', `0x${'g'.repeat(40)}`)).code).toBe(Errors.USDT_ADDRESS_INVALID.code);
    expect((await add('BEP20', TRC('a'))).code).toBe(Errors.VALIDATION.code);
    expect((await add('TRC20', TRC('b'))).data).toMatchObject({ network: 'TRC20', address: TRC('b') });
    expect((await add('TRC20', TRC('b'))).code).toBe(Errors.ADDRESS_TAKEN.code);
    expect((await add('ERC20', ERC('c'))).code).toBe(0);
    const accounts = await payoutAccounts(s.deps.db, m.memberId);
    expect(accounts.addresses.map((a) => a.address)).toEqual([ERC('c'), TRC('b')]);
  });

  it('[S9-03] binds at most 3 cards and 3 addresses, refused after with a clear message and nothing bound; the withdraw screen offers them all', async () => {
    const m = await readyMember(0, CARDS[1]);
    const addCard = (cardNum: string) => s.call('/api/wallet/bankCard/add', { bankCode: 'BOC', cardNum }, { token: m.token });
    const addAddress = (c: string) => s.call('/api/wallet/address/add', { network: 'TRC20', address: TRC(c) }, { token: m.token });
    for (const card of CARDS.slice(2, 4)) expect((await addCard(card)).code).toBe(0);
    expect(await addCard(CARDS[4])).toMatchObject({ code: Errors.CARD_LIMIT.code, msg: '最多绑定3张银行卡' });
    for (const c of ['c', 'd', 'e']) expect((await addAddress(c)).code).toBe(0);
    expect(await addAddress('f')).toMatchObject({ code: Errors.USDT_ADDRESS_LIMIT.code, msg: '最多绑定3个USDT地址' });
    const cards = (await s.call('/api/wallet/bankCard/list', {}, { token: m.token })).data;
    expect(cards).toHaveLength(3);
    expect((await s.call('/api/wallet/address/list', {}, { token: m.token })).data).toHaveLength(3);
    const prepare = await s.call('/api/wallet/withdraw/prepare', {}, { token: m.token });
    expect(prepare.data.bankCards).toHaveLength(3);
    expect(prepare.data.addresses).toHaveLength(3);
    expect(prepare.data.bankCards[0].cardNum).toMatch(/^\*+\d{4}$/);
    const info = await payoutAccounts(s.deps.db, m.memberId);
    expect(info.bankCards[0]).toEqual({ cardId: expect.any(Number), bankName: '中国银行', cardNum: '************9424' });
    // A card removed makes room for another.
    expect((await s.call('/api/wallet/bankCard/delete', { cardId: cards[0].cardId }, { token: m.token })).code).toBe(0);
    expect((await addCard(CARDS[4])).code).toBe(0);
  });

  it('[S3-20] answers the bind flow the client must complete first', async () => {
    const flow = async (token: string, site: Record<string, string> = {}) =>
      (await s.call('/api/wallet/withdraw/bindFlow', {}, { token, headers: site })).data.flow;
    const m = await s.member();
    expect(await flow(m.token)).toBe('userRealNameBind');
    await withRealName(m.memberId);
    expect(await flow(m.token)).toBe('userInfoBind');
    await s.call('/api/wallet/withdrawPassword/set', { password: '123456' }, { token: m.token });
    expect(await flow(m.token)).toBe('selectRealName');
    await s.call('/api/wallet/bankCard/add', { bankCode: 'ICBC', cardNum: luhnCard(m.memberId) }, { token: m.token });
    expect(await flow(m.token)).toBeNull();
    const u = await s.member({ siteId: 2 });
    await s.call('/api/wallet/withdrawPassword/set', { password: '123456' }, { token: u.token, headers: USDT });
    expect(await flow(u.token, USDT)).toBe('selectUSDT');
  });
});

describe('withdrawals', () => {
  it('[S5-07] refuses bad amounts, over the balance, and cards that are not the member own, holding nothing', async () => {
    const m = await readyMember(1_000);
    const other = await readyMember();
    const ask = (body: object) => w.move('/api/wallet/withdraw/new', { withdrawPassword: '123456', cardId: m.cardId, ...body }, m.token);
    for (const amount of [0, -100, 100.001, '100']) expect((await ask({ amount })).code, `amount ${amount}`).toBe(Errors.VALIDATION.code);
    expect((await ask({ amount: 99.99 })).code).toBe(Errors.AMOUNT_BELOW_MIN.code);
    expect((await ask({ amount: 50_000.01 })).code).toBe(Errors.AMOUNT_ABOVE_MAX.code);
    expect((await ask({ amount: 1_000.01 })).code).toBe(Errors.INSUFFICIENT_BALANCE.code);
    expect((await ask({ amount: 100, cardId: other.cardId })).code).toBe(Errors.WITHDRAW_DESTINATION.code);
    expect((await ask({ amount: 100, cardId: undefined })).code).toBe(Errors.VALIDATION.code);
    expect(await w.balance(m.token)).toMatchObject({ main: 1_000, frozen: 0 });
  });

  it('holds the amount at once; cancel releases it, approval pays it out, rejection releases it', async () => {
    const m = await readyMember(1_000);
    const ask = () => w.move('/api/wallet/withdraw/new', { amount: 200, withdrawPassword: '123456', cardId: m.cardId }, m.token);
    const [a, b, c] = [(await ask()).data, (await ask()).data, (await ask()).data];
    expect(a).toMatchObject({ status: 'pending', amount: 200, fee: 0, receivable: 200, destination: expect.stringContaining('中国工商银行') });
    expect(await w.balance(m.token)).toMatchObject({ main: 400, frozen: 600 });
    expect((await w.move('/api/wallet/withdraw/cancel', { orderId: a.orderId }, m.token)).data.status).toBe('cancelled');
    expect((await w.move('/api/wallet/withdraw/cancel', { orderId: a.orderId }, m.token)).code).toBe(Errors.ORDER_STATE.code);
    expect((await approveWithdrawal(s.deps.db, b.orderId)).status).toBe('paid');
    expect((await rejectWithdrawal(s.deps.db, c.orderId, 'card closed')).status).toBe('rejected');
    await expect(rejectWithdrawal(s.deps.db, b.orderId)).rejects.toMatchObject({ code: Errors.ORDER_STATE.code });
    expect(await w.balance(m.token)).toMatchObject({ main: 800, frozen: 0 });
    const other = await s.member();
    expect((await w.move('/api/wallet/withdraw/cancel', { orderId: c.orderId }, other.token)).code).toBe(Errors.ORDER_NOT_FOUND.code);
    const list = await s.call('/api/wallet/withdraw/orders', { page: 1, size: 10 }, { token: m.token });
    expect(list.data.list.map((o: { status: string }) => o.status)).toEqual(['rejected', 'paid', 'cancelled']);
  });

  it('charges the fee after the free withdrawals of the day, floored to the cent', async () => {
    const m = await readyMember(2_000);
    for (let i = 0; i < 3; i++) await w.move('/api/wallet/withdraw/new', { amount: 100, withdrawPassword: '123456', cardId: m.cardId }, m.token);
    const prepare = await s.call('/api/wallet/withdraw/prepare', { amount: 123.45 }, { token: m.token });
    expect(prepare.data).toMatchObject({ usedTimesToday: 3, fee: 1.23, receivable: 122.22 });
    const fourth = await w.move('/api/wallet/withdraw/new', { amount: 123.45, withdrawPassword: '123456', cardId: m.cardId }, m.token);
    expect(fourth.data).toMatchObject({ amount: 123.45, fee: 1.23, receivable: 122.22 });
  });

  it('requires the deposits to be staked before a withdrawal (turnover)', async () => {
    const m = await readyMember(500);
    await setConfig(s.deps.db, 1, 'withdraw_turnover_multiple', '1');
    try {
      const prompt = await s.call('/api/wallet/withdraw/prompt', {}, { token: m.token });
      expect(prompt.data).toMatchObject({ turnoverRequired: 500, turnoverRemaining: 500 });
      expect(prompt.data.tips.join()).toContain('流水');
      const res = await w.move('/api/wallet/withdraw/new', { amount: 100, withdrawPassword: '123456', cardId: m.cardId }, m.token);
      expect(res.code).toBe(Errors.TURNOVER_REQUIRED.code);
      expect((await s.call('/api/wallet/withdraw/prepare', {}, { token: m.token })).data.withdrawable).toBe(0);
      // Stakes of kind 'bet.stake' out of the main wallet (the sportsbook's) count as turnover.
      await s.deps.db.transaction(async (tx) => {
        const owner = walletOwner({ siteId: 1, currency: 'CNY' }, m.memberId);
        const [main, stakes] = [await memberAccount(tx, owner), await houseAccount(tx, 1, 'CNY', 'stakes')];
        await postTransfer(tx, { from: main, to: stakes, amountMinor: 50_000n, kind: 'bet.stake', ref: `test-bet:${m.memberId}` });
      });
      expect((await s.call('/api/wallet/withdraw/prompt', {}, { token: m.token })).data.turnoverRemaining).toBe(0);
      // A refunded (void) stake no longer counts.
      await s.deps.db.transaction(async (tx) => {
        const owner = walletOwner({ siteId: 1, currency: 'CNY' }, m.memberId);
        const [main, stakes] = [await memberAccount(tx, owner), await houseAccount(tx, 1, 'CNY', 'stakes')];
        await postTransfer(tx, { from: stakes, to: main, amountMinor: 20_000n, kind: 'bet.refund', ref: `test-bet:${m.memberId}` });
      });
      expect((await s.call('/api/wallet/withdraw/prompt', {}, { token: m.token })).data.turnoverRemaining).toBe(200);
    } finally {
      await setConfig(s.deps.db, 1, 'withdraw_turnover_multiple', '0');
    }
  });

  it('50 concurrent withdrawals over one balance never overdraw', async () => {
    const m = await readyMember(1_000);
    // Without the password: it lets five tries of a member be checked at once, and this is about the balance.
    await setConfig(s.deps.db, 1, 'withdrawal_password', '0');
    const results = await Promise.all(
      Array.from({ length: 50 }, () => w.move('/api/wallet/withdraw/new', { amount: 100, withdrawPassword: '', cardId: m.cardId }, m.token)),
    ).finally(() => setConfig(s.deps.db, 1, 'withdrawal_password', null));
    const ok = results.filter((r) => r.code === 0);
    expect(ok).toHaveLength(10);
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === Errors.INSUFFICIENT_BALANCE.code)).toBe(true);
    expect(await w.balance(m.token)).toMatchObject({ main: 0, frozen: 1_000 });
  });

  it('pays USDT at the site rate to an address, through the operator’s approval (an operator session)', async () => {
    const m = await s.member({ siteId: 2 });
    await s.call('/api/wallet/withdrawPassword/set', { password: '123456' }, { token: m.token, headers: USDT });
    const address = (await s.call('/api/wallet/address/add', { network: 'TRC20', address: TRC('k') }, { token: m.token, headers: USDT })).data;
    const payTypeId = await w.sandboxPayType(m.token, USDT);
    await s.call('/api/wallet/pay/payVal', { payTypeId, amount: 100 }, { token: m.token, key: newKey(), headers: USDT });
    const order = await s.call(
      '/api/wallet/usdt/withdraw',
      { amount: 50, withdrawPassword: '123456', addressId: address.addressId },
      { token: m.token, key: newKey(), headers: USDT },
    );
    expect(order.data).toMatchObject({ amount: 50, usdtAmount: 50, status: 'pending', destination: expect.stringContaining('TRC20') });
    await asOperator(s, async (operator) => {
      const decide = (headers: Record<string, string>) => s.call('/api/admin/wallet/withdraw/approve', { orderId: order.data.orderId }, { headers });
      const denied = await decide({ authorization: `Bearer ${m.token}` });
      expect(denied).toMatchObject({ status: 401, code: Errors.OPERATOR_AUTH.code });
      expect((await decide(operator)).data).toEqual({ orderId: order.data.orderId, orderNo: order.data.orderNo, status: 'paid', amount: 50 });
    });
    expect((await s.call('/api/wallet/balance', {}, { token: m.token, headers: USDT })).data).toMatchObject({ main: 50, frozen: 0 });
  });
});

describe('免转钱包 (auto-transfer) and withdrawals', () => {
  const pg = (b: { venues: Array<{ api_name: string; balance: number }> }) => b.venues.find((v) => v.api_name === 'PG')!.balance;
  /** A ready member whose 500 sits at the PG venue, auto-transfer as asked. */
  async function playedAtVenue(auto: boolean) {
    const m = await readyMember(500);
    expect((await s.call('/api/wallet/autoTransfer/set', { status: auto }, { token: m.token })).code).toBe(0);
    expect((await w.move('/api/wallet/transfer', { api_name: 'PG', amount: 500, transfer_out: false }, m.token)).code).toBe(0);
    return m;
  }

  it('[S7-11] a withdrawal with auto-transfer on brings the venue money back first; a repeat of its key moves nothing again', async () => {
    const m = await playedAtVenue(true);
    const key = newKey();
    const body = { amount: 100, withdrawPassword: '123456', cardId: m.cardId };
    const first = await w.move('/api/wallet/withdraw/new', body, m.token, key);
    expect(first.code, first.msg).toBe(0);
    const after = await w.balance(m.token);
    expect(after.main).toBe(400);
    expect(pg(after)).toBe(0);
    const again = await w.move('/api/wallet/withdraw/new', body, m.token, key);
    expect(again.data).toEqual(first.data);
    expect((await w.balance(m.token)).main).toBe(400);
    await expectLedgerSound(s);
  });

  it('[S7-11] with auto-transfer off, a withdrawal cannot reach venue money: refused, nothing moves', async () => {
    const m = await playedAtVenue(false);
    const refused = await w.move('/api/wallet/withdraw/new', { amount: 100, withdrawPassword: '123456', cardId: m.cardId }, m.token);
    expect(refused.code).toBe(Errors.INSUFFICIENT_BALANCE.code);
    const after = await w.balance(m.token);
    expect(after.main).toBe(0);
    expect(pg(after)).toBe(500);
  });
});
