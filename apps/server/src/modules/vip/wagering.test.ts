import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DAY_MS, Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';
import { setOnce } from '../auth/index.ts';
import { setConfig } from '../site/index.ts';
import { caller, expectLedgerSound, luhnCard, newKey } from '../wallet/testing.ts';
import { memberAccountKey, postWithHouseSlice } from '../wallet/index.ts';
import { finish, priced, scriptMatch, idemKey, type Member } from '../sports/testing.ts';
import { settleMatch } from '../sports/index.ts';
import { grantBonus, lapseDueWagering } from './index.ts';
import { recordRound } from './turnover.ts';

let s: TestServer;
let w: ReturnType<typeof caller>;
beforeAll(async () => {
  s = await startTestServer();
  await s.siteConfig.set(1, 'sports_inplay_delay_ms', '0');
  // Deposits ask no turnover here: only the bonuses' wagering is under test.
  await setConfig(s.deps.db, 1, 'withdraw_turnover_multiple', '0');
  w = caller(s);
});
afterEach(() => clock.reset());
afterAll(async () => {
  await expectLedgerSound(s);
  await s.close();
});

const rows = async <T>(query: ReturnType<typeof sql>) => (await s.deps.db.execute(query)).rows as T[];
const owner = (m: { memberId: number }) => ({ memberId: m.memberId, siteId: 1, currency: 'CNY' as const });

/** A CNY member ready to withdraw (real name, password 123456, a card) holding `funds`. */
async function readyMember(funds: number) {
  const m = await s.member();
  await setOnce(s.deps.db, m.memberId, 'realName', '张三');
  expect((await s.call('/api/wallet/withdrawPassword/set', { password: '123456' }, { token: m.token })).code).toBe(0);
  const added = await s.call('/api/wallet/bankCard/add', { bankCode: 'ICBC', cardNum: luhnCard(m.memberId) }, { token: m.token });
  expect(added.code, added.msg).toBe(0);
  await w.fund(m.token, funds);
  return { ...m, cardId: added.data.cardId as number };
}

/** An activity bonus of `amount` at `multiple` x turnover, granted and received through the welfare centre. */
async function receiveBonus(m: Member, ref: string, amount: number, multiple: number) {
  const bonusId = await s.deps.db.transaction((tx) =>
    grantBonus(tx, { owner: owner(m), ref, amountMinor: BigInt(amount * 100), multipleX100: multiple * 100, detail: { title: `测试彩金${ref}` } }),
  );
  const res = await w.move('/api/member/welfare/receive', { welfareId: bonusId }, m.token);
  expect(res.code, res.msg).toBe(0);
  return bonusId;
}

const wagering = async (token: string) => (await s.call('/api/member/welfare/wagering', {}, { token })).data;
const playRound = (m: { memberId: number }, ref: string, stake: number, payout: number) =>
  s.deps.db.transaction((tx) =>
    recordRound(
      tx,
      { memberId: m.memberId, siteId: 1, ref, category: 'egame', stakeMinor: BigInt(stake * 100), payoutMinor: BigInt(payout * 100) },
      new Date(clock.now()),
    ),
  );
const place = (m: Member, selectionId: number, odds: number, stake: number) =>
  s.call('/api/sports/bet/place', { type: 'single', stake, selections: [{ selectionId, odds }] }, { token: m.token, key: idemKey() });
const placed = async (m: Member, selectionId: number, odds: number, stake: number) => {
  const res = await place(m, selectionId, odds, stake);
  expect(res.code, res.msg).toBe(0);
  return res.data.orderId as string;
};

describe('bonus wagering', () => {
  it('[S7-14] counts settled bets above odds 1.5 toward a received bonus; low odds, voids, cash-outs and hedged bets count nothing; stakes above the limit are refused', async () => {
    const m = await s.member();
    await w.fund(m.token, 5_000);
    await receiveBonus(m, `count:${m.memberId}`, 100, 10);
    expect(await wagering(m.token)).toMatchObject({ remaining: 1_000, forfeit: 100, maxStake: 500, lowOdds: 1.5 });

    const football = await scriptMatch(s, {
      markets: [priced('1x2', [2.1, 3.3, 3.4]), priced('ou', [1.9, 1.9], { line: 3 }), priced('ah', [1.95, 1.95], { line: 0 })],
    });
    const basketball = await scriptMatch(s, { sport: 'basketball', markets: [priced('ml', [1.5, 2.5])] });
    const other = await scriptMatch(s, { markets: [priced('1x2', [2.1, 3.3, 3.4])] });
    // Level 0's most per bet while wagering is 500 (a hundredth of its 50,000 withdrawal limit).
    const above = await place(m, await football.sel('1x2', 'home'), 2.1, 500.01);
    expect(above.code).toBe(Errors.BONUS_MAX_STAKE.code);
    expect(above.data).toEqual({ maxStake: 500 });
    expect((await w.balance(m.token)).main).toBe(5_100);

    const counted = await placed(m, await football.sel('1x2', 'home'), 2.1, 100); // wins at 2.1: 100
    const lowOdds = await placed(m, await basketball.sel('ml', 'home'), 1.5, 200); // wins at 1.5: valid 100, counts 0
    const voided = await placed(m, await football.sel('ou', 'over', 3), 1.9, 100); // 3 goals on 3: void
    const cashed = await placed(m, await other.sel('1x2', 'visit'), 3.4, 100);
    const hedgeHome = await placed(m, await football.sel('ah', 'home', 0), 1.95, 100); // both sides of one market
    const hedgeAway = await placed(m, await football.sel('ah', 'visit', 0), 1.95, 100);
    expect((await s.call('/api/sports/bet/cashout', { orderId: cashed }, { token: m.token, key: idemKey() })).code).toBe(0);
    await finish(s, football, { homeScore: 2, visitScore: 1 });
    await finish(s, basketball, { homeScore: 101, visitScore: 99 });
    for (const match of [football, basketball]) await settleMatch(s.deps, match.matchId);

    const recorded = await rows<{ ref: string; valid: string; wager: string }>(
      sql`SELECT ref, valid_minor::text AS valid, wager_minor::text AS wager FROM vip_valid_bets WHERE member_id = ${m.memberId} ORDER BY ref`,
    );
    expect(Object.fromEntries(recorded.map((r) => [r.ref, [Number(r.valid), Number(r.wager)]]))).toEqual({
      [counted]: [10_000, 10_000],
      [lowOdds]: [10_000, 0],
      [hedgeHome]: [9_500, 0],
      [hedgeAway]: [10_000, 0],
    });
    expect([voided, cashed].some((ref) => recorded.some((r) => r.ref === ref))).toBe(false);
    // A settlement told again (a rerun, a correction's catch-up) counts nothing twice.
    await settleMatch(s.deps, football.matchId);
    await playRound(m, `round:${m.memberId}`, 300, 0); // a game round counts its valid turnover in full
    const view = await wagering(m.token);
    expect(view).toMatchObject({ remaining: 600, forfeit: 60 });
    expect(view.list[0]).toMatchObject({ amount: 100, required: 1_000, wagered: 400, state: 'wagering' });

    // Met: the bonus is the member's, the stake limit is gone.
    await playRound(m, `round2:${m.memberId}`, 700, 0);
    expect(await wagering(m.token)).toMatchObject({ remaining: 0, forfeit: 0, maxStake: null });
    expect((await wagering(m.token)).list[0]).toMatchObject({ wagered: 1_000, state: 'met' });
    const late = await scriptMatch(s, { markets: [priced('1x2', [2.1, 3.3, 3.4])] });
    await placed(m, await late.sel('1x2', 'home'), 2.1, 600);
  });

  it('[S7-13] a withdrawal before the wagering is met states the forfeit first, then takes the unearned part once, whatever the concurrent retries', async () => {
    const m = await readyMember(1_000);
    const bonusId = await receiveBonus(m, `forfeit:${m.memberId}`, 100, 10);
    await playRound(m, `part:${m.memberId}`, 400, 0); // 400 of 1,000 wagered: 60 of the 100 unearned
    const prepare = (await s.call('/api/wallet/withdraw/prepare', {}, { token: m.token })).data;
    expect(prepare).toMatchObject({ balance: 1_100, bonusWagerRemaining: 600, bonusForfeit: 60, turnoverRemaining: 600, withdrawable: 1_040 });
    const prompt = (await s.call('/api/wallet/withdraw/prompt', {}, { token: m.token })).data;
    expect(prompt.tips.join()).toContain('扣除未完成流水的彩金 ¥60.00');

    const ask = (extra: object, key = newKey()) =>
      w.move('/api/wallet/withdraw/new', { amount: 200, withdrawPassword: '123456', cardId: m.cardId, ...extra }, m.token, key);
    const unconfirmed = await ask({});
    expect(unconfirmed.code).toBe(Errors.BONUS_FORFEIT_CONFIRM.code);
    expect(unconfirmed.data).toEqual({ bonusWagerRemaining: 600, bonusForfeit: 60 });
    expect(await w.balance(m.token)).toMatchObject({ main: 1_100, frozen: 0 });

    const key = newKey();
    const answers = await Promise.all([ask({ forfeitBonus: true }, key), ...Array.from({ length: 9 }, () => ask({ forfeitBonus: true }))]);
    const ok = answers.filter((a) => a.code === 0);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    // Twins of one member's money call wait their turn or are told to try again (HIGH_TRAFFIC): never paid twice.
    for (const a of answers) expect([0, Errors.INSUFFICIENT_BALANCE.code, Errors.HIGH_TRAFFIC.code], a.msg).toContain(a.code);
    const forfeits = await rows<{ amount: string }>(
      sql`SELECT amount_minor::text AS amount FROM wallet_transfers WHERE kind = 'bonus.forfeit' AND ref = ${`vip-bonus-forfeit:${bonusId}`}`,
    );
    expect(forfeits).toEqual([{ amount: '6000' }]);
    expect((await w.balance(m.token)).main).toBe(1_100 - 60 - 200 * ok.length);
    // The same key answers its first result again and moves nothing more (refused among the twins,
    // its key was let go: asked again, it is refused again, the balance being gone).
    const again = await ask({ forfeitBonus: true }, key);
    if (answers[0].code === 0) expect(again).toMatchObject({ code: 0, data: answers[0].data });
    else expect(again.code).not.toBe(0);
    expect((await w.balance(m.token)).main).toBe(1_100 - 60 - 200 * ok.length);
    expect((await wagering(m.token)).list[0]).toMatchObject({ state: 'forfeited', forfeited: 60, wagered: 400 });
    expect((await s.call('/api/wallet/withdraw/prepare', {}, { token: m.token })).data).toMatchObject({ bonusWagerRemaining: 0, bonusForfeit: 0 });
  });

  it('[S7-14] wagering unmet within 30 days lapses: the job takes the unearned part once (two runs at once), at most what the wallet holds; met bonuses stay', async () => {
    const m = await s.member();
    await w.fund(m.token, 200);
    const met = await receiveBonus(m, `met:${m.memberId}`, 100, 1);
    await playRound(m, `meet:${m.memberId}`, 100, 0);
    const lapsing = await receiveBonus(m, `lapse:${m.memberId}`, 50, 10);
    const poor = await s.member();
    await w.fund(poor.token, 100);
    const poorBonus = await receiveBonus(poor, `poor:${poor.memberId}`, 80, 10);
    // The poor member stakes away all but 30 (a stake the way the sportsbook takes one).
    await s.deps.db.transaction((tx) =>
      postWithHouseSlice(tx, owner(poor), { house: 'stakes', toHouse: true, amountMinor: 15_000n, kind: 'bet.stake', ref: `test-stake:${poor.memberId}` }),
    );

    expect(await lapseDueWagering(s.deps.db)).toBe(0);
    clock.shift(30 * DAY_MS + 1_000);
    await Promise.all([lapseDueWagering(s.deps.db), lapseDueWagering(s.deps.db)]);
    const states = await rows<{ bonus_id: string; wager_state: string; forfeited_minor: string }>(
      sql`SELECT bonus_id::text, wager_state, forfeited_minor::text FROM vip_bonuses WHERE bonus_id IN (${met}, ${lapsing}, ${poorBonus}) ORDER BY bonus_id`,
    );
    expect(states).toEqual([
      { bonus_id: String(met), wager_state: 'met', forfeited_minor: '0' },
      { bonus_id: String(lapsing), wager_state: 'lapsed', forfeited_minor: '5000' },
      { bonus_id: String(poorBonus), wager_state: 'lapsed', forfeited_minor: '3000' },
    ]);
    const main = async (memberId: number) =>
      (await rows<{ balance: string }>(sql`SELECT balance::text FROM wallet_accounts WHERE account_key = ${memberAccountKey(memberId, 'main')}`))[0]?.balance;
    expect(await main(m.memberId)).toBe(String((200 + 100 + 50 - 50) * 100));
    expect(await main(poor.memberId)).toBe('0');
    expect(await lapseDueWagering(s.deps.db)).toBe(0);
  });
});
