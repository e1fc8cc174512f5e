import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DAY_MS, Errors, MemberTags, shanghaiDay, shanghaiMidnight } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';
import { memberChanged } from '../../platform/cache.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';
import { finish, priced, scriptMatch, idemKey, type Member } from '../sports/testing.ts';
import { settleMatch } from '../sports/index.ts';
import { computeRebates, grantPeriodBonus, reviewMonth, runDuePeriods } from './index.ts';
import { recordRound } from './turnover.ts';

let s: TestServer;
let w: ReturnType<typeof caller>;
beforeAll(async () => {
  s = await startTestServer();
  await s.siteConfig.set(1, 'sports_inplay_delay_ms', '0');
  w = caller(s);
});
afterEach(() => clock.reset());
afterAll(async () => {
  await expectLedgerSound(s);
  await s.close();
});

const rows = async <T>(query: ReturnType<typeof sql>) => (await s.deps.db.execute(query)).rows as T[];
const validBets = (memberId: number) =>
  rows<{ ref: string; category: string; valid: string; day: string }>(
    sql`SELECT ref, category, valid_minor::text AS valid, day::text AS day FROM vip_valid_bets WHERE member_id = ${memberId} ORDER BY ref`,
  );
const place = async (m: Member, selectionId: number, odds: number, stake: number) => {
  const res = await s.call('/api/sports/bet/place', { type: 'single', stake, selections: [{ selectionId, odds }] }, { token: m.token, key: idemKey() });
  expect(res.code, res.msg).toBe(0);
  return res.data.orderId as string;
};
/** Valid turnover written as the casino's rounds write it (a round of `stake` paying `payout`), at `at`. */
const playRound = (m: { memberId: number }, ref: string, stake: bigint, payout: bigint, at: number) =>
  s.deps.db.transaction((tx) =>
    recordRound(tx, { memberId: m.memberId, siteId: 1, ref, category: 'egame', stakeMinor: stake, payoutMinor: payout }, new Date(at)),
  );
const info = async (token: string) => (await s.call('/api/member/vip/info', {}, { token })).data;
/** The member's VIP bonuses waiting (their deposits' activity bonuses are the promo module's tests'). */
const welfare = async (token: string) =>
  ((await s.call('/api/member/welfare/list', {}, { token })).data.list as Array<{ welfareId: number; kind: string; amount: number; title: string }>).filter(
    (b) => b.kind !== 'activity',
  );

describe('valid turnover', () => {
  it('[S7-14] counts each settled bet at most its stake and at most its win or loss; voids and cash-outs count nothing; once per bet', async () => {
    const m = await s.member();
    await w.fund(m.token, 5_000);
    const football = await scriptMatch(s, {
      markets: [priced('1x2', [2.1, 3.3, 3.4]), priced('ah', [2.0, 1.8], { line: -0.75 }), priced('ou', [1.9, 1.9], { line: 3 })],
    });
    const basketball = await scriptMatch(s, { sport: 'basketball', markets: [priced('ml', [1.5, 2.5])] });
    const won = await place(m, await football.sel('1x2', 'home'), 2.1, 100); // wins 110: counts the stake, 100
    const lost = await place(m, await football.sel('1x2', 'draw'), 3.3, 40); // loses 40
    const halfWon = await place(m, await football.sel('ah', 'home', -0.75), 2.0, 100); // 2-1: half won, wins 50
    const voided = await place(m, await football.sel('ou', 'over', 3), 1.9, 100); // 3 goals on a line of 3: void
    const cashed = await place(m, await football.sel('1x2', 'visit'), 3.4, 100);
    const short = await place(m, await basketball.sel('ml', 'home'), 1.5, 100); // wins 50: counts the win, 50
    expect((await s.call('/api/sports/bet/cashout', { orderId: cashed }, { token: m.token, key: idemKey() })).code).toBe(0);
    await finish(s, football, { homeScore: 2, visitScore: 1 });
    await finish(s, basketball, { homeScore: 101, visitScore: 99 });
    for (const match of [football, basketball]) await settleMatch(s.deps, match.matchId);
    const recorded = async () => Object.fromEntries((await validBets(m.memberId)).map((r) => [r.ref, Number(r.valid)]));
    expect(await recorded()).toEqual({ [won]: 10_000, [lost]: 4_000, [halfWon]: 5_000, [short]: 5_000 });
    expect(Object.keys(await recorded())).not.toContain(voided);
    // Settling again, or the day's catch-up, records nothing twice.
    for (const match of [football, basketball]) await settleMatch(s.deps, match.matchId);
    await computeRebates(s.deps.db, (await validBets(m.memberId))[0].day);
    expect(Object.values(await recorded()).reduce((a, b) => a + b, 0)).toBe(24_000);
    expect(await info(m.token)).toMatchObject({
      vipLevel: 0,
      grade: '普通会员',
      deposit: 5_000,
      turnover: 240,
      next: { vipLevel: 1, deposit: 1_000, turnover: 5_000 },
    });
  });

  it('[S7-14] a sandbox game round counts min(stake, |win or loss|) in the egame category, inside the round', async () => {
    const m = await s.member();
    await w.fund(m.token, 50);
    await w.move('/api/wallet/transfer', { api_name: 'PG', amount: 50, transfer_out: false }, m.token);
    const launched = await w.move('/api/game/venue/launch', { venueEnName: 'PG', gameId: 'pg-candy-burst' }, m.token);
    const ticket = new URL(launched.data.url, 'http://x').searchParams.get('ticket')!;
    const key = newKey();
    const round = await s.call('/api/game/sandbox/spin', { ticket, stake: 10 }, { key });
    expect(round.code, round.msg).toBe(0);
    await s.call('/api/game/sandbox/spin', { ticket, stake: 10 }, { key }); // the same round asked again
    const recorded = await validBets(m.memberId);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ category: 'egame', valid: String(Math.min(1_000, Math.abs(Math.round(round.data.win * 100) - 1_000))) });
  });
});

describe('VIP grades and the bonus engine', () => {
  it('[S7-14] vip/rules lists eleven grades from 普通会员, each with its bonuses, limits and rebate rates', async () => {
    const m = await s.member();
    const { list } = (await s.call('/api/member/vip/rules', {}, { token: m.token })).data;
    expect(list).toHaveLength(11);
    expect(list[0]).toMatchObject({ vipLevel: 0, grade: '普通会员', deposit: 0, upgradeBonus: 0, rebate: { sports: 0.4, egame: 0.5 } });
    expect(list[1]).toMatchObject({ vipLevel: 1, grade: 'VIP1', deposit: 1_000, turnover: 5_000, upgradeBonus: 18, bonusMultiple: 1 });
    const usdt = await s.member({ siteId: 2 });
    const usdtRules = (await s.call('/api/member/vip/rules', {}, { token: usdt.token, headers: { 'x-site-id': '2' } })).data.list;
    expect(usdtRules[1]).toMatchObject({ deposit: 150, turnover: 700, upgradeBonus: 3 });
    expect(usdtRules[0].withdrawMax).toBe(10_000);
  });

  it('[S7-14] a member jumping two levels gets both upgrade bonuses once; 50 concurrent receives pay one; withdraw/prepare asks its turnover', async () => {
    const m = await s.member();
    await w.fund(m.token, 6_000);
    await playRound(m, `jump:${m.memberId}`, 3_500_000n, 0n, clock.now());
    const raced = await Promise.all(Array.from({ length: 10 }, () => info(m.token)));
    for (const answer of raced) expect(answer.vipLevel).toBe(2);
    expect((await s.call('/api/member/info', {}, { token: m.token })).data).toMatchObject({ vipLevel: 2, grade: 'VIP2' });
    const open = await welfare(m.token);
    expect(open.map((b) => [b.kind, b.amount, b.title])).toEqual([
      ['upgrade', 58, 'VIP2晋级礼金'],
      ['upgrade', 18, 'VIP1晋级礼金'],
    ]);
    const target = open[0].welfareId;
    const answers = await Promise.all(Array.from({ length: 50 }, () => w.move('/api/member/welfare/receive', { welfareId: target }, m.token)));
    const paid = answers.filter((a) => a.code === 0);
    expect(paid).toHaveLength(1);
    expect(paid[0].data).toEqual({ amount: 58, main: 6_058 });
    for (const a of answers.filter((x) => x.code !== 0)) expect(a.code).toBe(Errors.WELFARE_RECEIVED.code);
    expect((await w.balance(m.token)).main).toBe(6_058);
    // The same key answers the first result again and pays nothing more.
    const key = newKey();
    const first = await w.move('/api/member/welfare/receive', { welfareId: open[1].welfareId }, m.token, key);
    expect(await w.move('/api/member/welfare/receive', { welfareId: open[1].welfareId }, m.token, key)).toMatchObject({ code: 0, data: first.data });
    expect((await w.balance(m.token)).main).toBe(6_076);
    expect(await welfare(m.token)).toEqual([]);
    // Deposits 6,000 x 1 and bonuses 76 x 1 are to be staked; a level-2 withdrawal may be 200,000.
    const prepare = (await s.call('/api/wallet/withdraw/prepare', {}, { token: m.token })).data;
    expect(prepare).toMatchObject({ turnoverRequired: 6_076, max: 200_000 });
  });

  it('[S3-23] [S8-17] the no-level-bonus tag keeps a member from VIP bonuses; bad input is refused and changes nothing', async () => {
    const m = await s.member();
    const other = await s.member();
    await w.fund(m.token, 1_000);
    await playRound(m, `tag:${m.memberId}`, 600_000n, 0n, clock.now());
    expect((await info(m.token)).vipLevel).toBe(1);
    const [bonus] = await welfare(m.token);
    for (const body of [{}, { welfareId: 'x' }, { welfareId: -1 }, { welfareId: 1.5 }])
      expect((await w.move('/api/member/welfare/receive', body, m.token)).code).toBe(Errors.VALIDATION.code);
    expect((await s.call('/api/member/welfare/receive', { welfareId: bonus.welfareId }, { token: m.token })).code).toBe(Errors.IDEMPOTENCY_KEY_REQUIRED.code);
    expect((await w.move('/api/member/welfare/receive', { welfareId: 987_654_321 }, m.token)).code).toBe(Errors.WELFARE_NOT_FOUND.code);
    expect((await w.move('/api/member/welfare/receive', { welfareId: bonus.welfareId }, other.token)).code).toBe(Errors.WELFARE_NOT_FOUND.code);
    expect((await w.move('/api/member/fanshui/receive', {}, m.token)).code).toBe(Errors.FANSHUI_NOTHING.code);

    await s.deps.db.execute(sql`UPDATE members SET tags = ARRAY[${MemberTags.NO_LEVEL_BONUS}]::text[] WHERE member_id = ${m.memberId}`);
    memberChanged(m.memberId);
    expect(await welfare(m.token)).toEqual([]);
    expect((await w.move('/api/member/welfare/receive', { welfareId: bonus.welfareId }, m.token)).code).toBe(Errors.LEVEL_BONUS_BLOCKED.code);
    expect((await w.balance(m.token)).main).toBe(1_000);
  });

  it('[S7-14] the monthly review moves a member who did not keep the level down one, once; the upgrade bonus is never paid twice', async () => {
    const m = await s.member();
    await w.fund(m.token, 6_000);
    await playRound(m, `review:${m.memberId}`, 3_100_000n, 0n, clock.now());
    expect((await info(m.token)).vipLevel).toBe(2);
    const thisMonth = shanghaiDay(clock.now()).slice(0, 7);
    const nextMonth = shanghaiDay(clock.now() + 31 * DAY_MS).slice(0, 7);
    // This month's 31,000 of valid turnover is above VIP2's keep figure (15,000): kept.
    expect((await reviewMonth(s.deps.db, thisMonth)).map((r) => r.memberId)).not.toContain(m.memberId);
    // A month without turnover: VIP2 goes down to VIP1, once.
    expect(await reviewMonth(s.deps.db, nextMonth)).toContainEqual({ memberId: m.memberId, vipLevel: 1 });
    expect((await reviewMonth(s.deps.db, nextMonth)).map((r) => r.memberId)).not.toContain(m.memberId);
    // The member now stands at VIP1's threshold: VIP2 asks its difference again.
    expect(await info(m.token)).toMatchObject({ vipLevel: 1, deposit: 1_000, turnover: 5_000, next: { vipLevel: 2, deposit: 5_000, turnover: 30_000 } });
    expect((await s.call('/api/member/info', {}, { token: m.token })).data.vipLevel).toBe(1);
    // Climbing back to VIP2 grants no second VIP2 upgrade bonus.
    await playRound(m, `again:${m.memberId}`, 2_500_000n, 0n, clock.now());
    expect((await info(m.token)).vipLevel).toBe(1);
    await w.fund(m.token, 4_000);
    expect((await info(m.token)).vipLevel).toBe(2);
    const upgrades = await rows<{ ref: string }>(sql`SELECT ref FROM vip_bonuses WHERE member_id = ${m.memberId} AND source = 'upgrade' ORDER BY ref`);
    expect(upgrades.map((r) => r.ref)).toEqual(['1', '2']);
  });

  it('[S7-14] weekly and monthly bonuses go to members of a paying level who played that period, once; an unreceived one expires', async () => {
    const m = await s.member();
    const idle = await s.member();
    for (const member of [m, idle]) {
      await w.fund(member.token, 1_000);
      await playRound(member, `period:${member.memberId}`, 500_000n, 0n, clock.now() - 30 * DAY_MS);
      expect((await info(member.token)).vipLevel).toBe(1);
    }
    const today = shanghaiDay(clock.now());
    await playRound(m, `week:${m.memberId}`, 10_000n, 0n, clock.now());
    const week = { from: today, to: shanghaiDay(clock.now() + DAY_MS), ref: `w-${today}` };
    await Promise.all([grantPeriodBonus(s.deps.db, 'weekly', week), grantPeriodBonus(s.deps.db, 'weekly', week)]);
    expect(await grantPeriodBonus(s.deps.db, 'weekly', week)).toBe(0);
    const kinds = async (token: string) => (await welfare(token)).map((b) => [b.kind, b.amount]);
    expect(await kinds(m.token)).toEqual([
      ['weekly', 8],
      ['upgrade', 18],
    ]);
    expect(await kinds(idle.token)).toEqual([['upgrade', 18]]);
    await grantPeriodBonus(s.deps.db, 'monthly', { from: today, to: week.to, ref: `m-${today}` });
    const [monthly, weekly] = await welfare(m.token);
    expect([monthly.kind, monthly.amount, weekly.kind]).toEqual(['monthly', 18, 'weekly']);
    // Eight days on, the weekly bonus has expired (7 days) and is refused; the monthly one still pays.
    clock.shift(8 * DAY_MS);
    const token = (await s.call('/api/member/login/v3', { name: m.name, password: m.password })).data.token as string;
    expect((await w.move('/api/member/welfare/receive', { welfareId: weekly.welfareId }, token)).code).toBe(Errors.WELFARE_EXPIRED.code);
    expect((await w.move('/api/member/welfare/receive', { welfareId: monthly.welfareId }, token)).data).toEqual({ amount: 18, main: 1_018 });
    expect((await welfare(token)).map((b) => b.kind)).toEqual(['upgrade']);
  });
});

describe('rebate (fanshui)', () => {
  it('[S7-14] is computed per Shanghai day and category, the day ending at 00:00 Shanghai; the job run twice grants it once', async () => {
    const m = await s.member();
    const midnight = shanghaiMidnight(clock.now());
    const [yesterday, today] = [shanghaiDay(midnight - 1), shanghaiDay(midnight)];
    await playRound(m, `r1:${m.memberId}`, 1_000_000n, 0n, midnight - 1_000); // 23:59:59 yesterday: 10,000 lost
    await playRound(m, `r2:${m.memberId}`, 500_000n, 700_000n, midnight - 60_000); // won 2,000: counts 2,000
    await playRound(m, `r3:${m.memberId}`, 900_000n, 0n, midnight); // 00:00:00 is today
    const days = await validBets(m.memberId);
    expect(days.map((d) => d.day)).toEqual([yesterday, yesterday, today]);
    const runs = await Promise.all([computeRebates(s.deps.db, yesterday), computeRebates(s.deps.db, yesterday)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await computeRebates(s.deps.db, yesterday)).toBe(0);
    await runDuePeriods(s.deps.db);
    await runDuePeriods(s.deps.db);
    // 12,000 of egame turnover at level 0's 0.5 %: 60.
    const fanshui = (await s.call('/api/member/fanshui/info', {}, { token: m.token })).data;
    expect(fanshui).toEqual({ pending: 60, list: [{ day: yesterday, category: 'egame', turnover: 12_000, rate: 0.5, amount: 60, status: 'pending' }] });
    const key = newKey();
    const received = await Promise.all(Array.from({ length: 20 }, (_, i) => w.move('/api/member/fanshui/receive', {}, m.token, i < 10 ? key : undefined)));
    const paid = received.filter((r) => r.code === 0);
    expect(new Set(paid.map((r) => JSON.stringify(r.data)))).toEqual(new Set([JSON.stringify({ amount: 60, main: 60 })]));
    for (const r of received.filter((x) => x.code !== 0)) expect([Errors.FANSHUI_NOTHING.code, Errors.IDEMPOTENCY_IN_FLIGHT.code]).toContain(r.code);
    expect((await w.balance(m.token)).main).toBe(60);
    expect((await s.call('/api/member/fanshui/info', {}, { token: m.token })).data).toMatchObject({ pending: 0, list: [{ status: 'received' }] });
    const transfers = await rows<{ n: string }>(
      sql`SELECT count(*)::text AS n FROM wallet_transfers WHERE kind = 'bonus.rebate' AND ref LIKE 'vip-bonus:%' AND to_account IN (SELECT account_id FROM wallet_accounts WHERE member_id = ${m.memberId})`,
    );
    expect(transfers[0].n).toBe('1');
  });
});
