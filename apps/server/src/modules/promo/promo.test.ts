import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DAY_MS, Errors, MemberTags, shanghaiDay, shanghaiMidnight } from '@bp/contract';
import { clearOfMidnight, startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';
import { memberChanged } from '../../platform/cache.ts';
import { caller, expectLedgerSound, newIdempotencyKey, newKey } from '../wallet/testing.ts';
import { walletOwner } from '../wallet/index.ts';
import { spin } from './wheel.ts';

let s: TestServer;
let w: ReturnType<typeof caller>;
beforeAll(async () => {
  s = await startTestServer();
  w = caller(s);
});
// Draws and sign-ins are counted per Shanghai day: a test does not start in the day's last seconds.
beforeEach(() => clearOfMidnight(), 30_000);
afterEach(() => clock.reset());
afterAll(async () => {
  await expectLedgerSound(s);
  await s.close();
});

const rows = async <T>(query: ReturnType<typeof sql>) => (await s.deps.db.execute(query)).rows as T[];
const config = async (kind: string, token: string) => (await s.call(`/api/activity/${kind}/config`, {}, { token })).data;
const records = async (kind: string, token: string) => (await s.call(`/api/activity/${kind}/records`, { page: 1, size: 50 }, { token })).data;
const welfare = async (token: string) =>
  (await s.call('/api/member/welfare/list', {}, { token })).data.list as Array<{
    welfareId: number;
    kind: string;
    amount: number;
    title: string;
    multiple: number;
  }>;
const turnoverAsked = async (token: string) => (await s.call('/api/wallet/withdraw/prepare', {}, { token })).data.turnoverRequired as number;
/** Moves the server's clock to `ms` after the next 00:00 in Shanghai. */
const toNextShanghaiDay = (ms: number) => clock.shift(shanghaiMidnight(clock.now()) + DAY_MS + ms - clock.now());
/** The operator's change to the wheel of site 1 (config, budget, a prize's stock). */
const setWheel = async (c: { config?: Record<string, unknown>; budgetMinor?: number | null; stock?: [prizeNo: number, stock: number | null] }) => {
  if (c.config)
    await s.deps.db.execute(sql`UPDATE promo_activities SET config = config || ${JSON.stringify(c.config)}::jsonb WHERE site_id = 1 AND kind = 'wheel'`);
  if (c.budgetMinor !== undefined)
    await s.deps.db.execute(sql`UPDATE promo_activities SET budget_minor = ${c.budgetMinor}, spent_minor = 0 WHERE site_id = 1 AND kind = 'wheel'`);
  if (c.stock)
    await s.deps.db.execute(sql`
      UPDATE promo_prizes SET stock = ${c.stock[1]}, won = 0 WHERE prize_no = ${c.stock[0]} AND activity_id = (SELECT activity_id FROM promo_activities WHERE site_id = 1 AND kind = 'wheel')`);
};

describe('activities', () => {
  it("[S7-15] the list shows the site's activities by category with their rules, to a visitor too", async () => {
    const list = (await s.call('/api/activity/list', {})).data.list as Array<{ kind: string; category: string; status: string; rules: string[] }>;
    expect(list.map((a) => [a.kind, a.category, a.status])).toEqual([
      ['sign', 'daily', 'open'],
      ['wheel', 'daily', 'open'],
      ['lottery', 'daily', 'open'],
      ['guess', 'daily', 'open'],
      ['barrier', 'daily', 'open'],
      ['soccer_lottery', 'daily', 'open'],
      ['quiz', 'daily', 'open'],
      ['first_deposit', 'deposit', 'open'],
      ['continue_deposit', 'deposit', 'open'],
      ['invite', 'welfare', 'open'],
      ['novice', 'welfare', 'open'],
    ]);
    expect(list.find((a) => a.kind === 'lottery')!.rules[0]).toBe('活动期间每存款500 元、每有效投注5000 元各得1张抽奖券，最多20张。');
    expect(list.find((a) => a.kind === 'first_deposit')!.rules[0]).toBe('第1笔存款（至少100 元）赠送100%，最高188 元。');
  });
});

describe('daily sign-in', () => {
  it('[S3-05] signs once per Shanghai day: 50 concurrent sign-ins write one record; its money prize is received once and asks its turnover', async () => {
    const m = await s.member();
    expect(await config('sign', m.token)).toMatchObject({ signedToday: false, streak: 0, today: shanghaiDay(clock.now()) });
    const answers = await Promise.all(Array.from({ length: 50 }, () => w.move('/api/activity/sign/draw', {}, m.token)));
    const signed = answers.filter((a) => a.code === 0);
    expect(signed).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== 0)) expect(a.code).toBe(Errors.SIGNED_TODAY.code);
    expect(signed[0].data.prize).toEqual({ kind: 'money', amount: 2, name: '连续签到第1天彩金' });
    expect(await config('sign', m.token)).toMatchObject({ signedToday: true, streak: 1, signedDays: [shanghaiDay(clock.now())] });
    const { recordId } = signed[0].data;
    expect((await records('sign', m.token)).list).toMatchObject([{ recordId, status: 'pending', prize: { amount: 2 } }]);
    expect((await welfare(m.token)).map((b) => [b.kind, b.amount, b.title])).toEqual([['activity', 2, '每日签到：连续签到第1天彩金']]);

    const receives = await Promise.all(Array.from({ length: 50 }, () => w.move('/api/activity/sign/receive', { recordId }, m.token)));
    const paid = receives.filter((a) => a.code === 0);
    expect(paid).toHaveLength(1);
    expect(paid[0].data).toEqual({ amount: 2, main: 2 });
    for (const a of receives.filter((x) => x.code !== 0)) expect(a.code).toBe(Errors.PRIZE_RECEIVED.code);
    expect((await records('sign', m.token)).list[0].status).toBe('received');
    expect(await turnoverAsked(m.token)).toBe(2);
  });

  it('[S3-05] the day turns at 00:00 Shanghai: a streak grows day by day, the milestone day pays more, a missed day starts again', async () => {
    const m = await s.member();
    /** Signs in at the clock's time (a fresh session: the clock moves past the last one's end). */
    const signIn = async () => {
      const res = await w.move('/api/activity/sign/draw', {}, await w.login(m));
      expect(res.code, res.msg).toBe(0);
      return res.data.prize as { amount: number; name: string };
    };
    toNextShanghaiDay(-2_000); // 23:59:58 Shanghai
    expect(await signIn()).toMatchObject({ amount: 2, name: '连续签到第1天彩金' });
    clock.shift(4_000); // 00:00:02 the next day
    expect(await signIn()).toMatchObject({ amount: 2, name: '连续签到第2天彩金' });
    clock.shift(DAY_MS);
    expect(await signIn()).toMatchObject({ amount: 5, name: '连续签到第3天彩金' });
    const token = await w.login(m);
    expect((await config('sign', token)).days[2]).toMatchObject({ day: 3, milestone: true });
    clock.shift(2 * DAY_MS); // a day missed
    expect((await signIn()).name).toBe('连续签到第1天彩金');
    expect((await records('sign', await w.login(m))).list.map((r: { detail: { streak: number } }) => r.detail.streak)).toEqual([1, 3, 2, 1]);
  });
});

describe('spin wheel', () => {
  it('[S3-05] one free draw a day, one more per 100 deposited that day; 50 concurrent draws use exactly the draws earned', async () => {
    const m = await s.member();
    expect((await config('wheel', m.token)).draws).toEqual({ earned: 1, used: 0, left: 1 });
    const first = await w.move('/api/activity/wheel/draw', {}, m.token);
    expect(first.code, first.msg).toBe(0);
    expect((await w.move('/api/activity/wheel/draw', {}, m.token)).code).toBe(Errors.NO_DRAWS_LEFT.code);
    await w.fund(m.token, 300);
    expect((await config('wheel', m.token)).draws).toEqual({ earned: 4, used: 1, left: 3 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => w.move('/api/activity/wheel/draw', {}, m.token)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(3);
    for (const a of answers.filter((x) => x.code !== 0)) expect(a.code).toBe(Errors.NO_DRAWS_LEFT.code);
    const drawn = await records('wheel', m.token);
    expect(drawn.total).toBe(4);
    // Each draw is recorded with its random value, the total weight and the prizes in play.
    for (const r of drawn.list) expect(r.detail).toMatchObject({ total: 100, inPlay: expect.stringMatching(/^1:1,2:5,3:20,4:40,5:34$/) });
  });

  it('[S3-05] frequencies over 1,000 draws follow the weights; a prize never passes its stock nor the wheel its budget', async () => {
    const m = await s.member();
    const owner = walletOwner({ siteId: 1, currency: 'CNY' }, m.memberId);
    await setWheel({ config: { freePerDay: 5_000, maxPerDay: 5_000 }, budgetMinor: null, stock: [1, 3] });
    const draw = () => spin(s.deps.db, owner, newIdempotencyKey('/api/activity/wheel/draw'));
    const won = new Map<string, number>();
    for (let i = 0; i < 1_000; i++) {
      const { prize } = await draw();
      won.set(prize.name, (won.get(prize.name) ?? 0) + 1);
    }
    // Weights 1 (stock 3), 5, 20, 40, 34 of 100: each count within 5 standard deviations of its share.
    expect(won.get('88 彩金')).toBeLessThanOrEqual(3);
    for (const [name, p] of [
      ['18 彩金', 0.05],
      ['8 彩金', 0.2],
      ['2 彩金', 0.4],
      ['谢谢参与', 0.34],
    ] as const) {
      const expected = 1_000 * p;
      expect(Math.abs((won.get(name) ?? 0) - expected), name).toBeLessThan(5 * Math.sqrt(expected * (1 - p)) + 3);
    }
    // A budget of 30: money prizes stop at it, the wheel answers 谢谢参与 after.
    await setWheel({ budgetMinor: 3_000 });
    for (let i = 0; i < 200; i++) await draw();
    const [{ spent }] = await rows<{ spent: string }>(sql`SELECT spent_minor AS spent FROM promo_activities WHERE site_id = 1 AND kind = 'wheel'`);
    expect(Number(spent)).toBeLessThanOrEqual(3_000);
    expect(Number(spent)).toBeGreaterThan(3_000 - 200);
    await setWheel({ config: { freePerDay: 1, maxPerDay: 10 }, budgetMinor: 10_000_000, stock: [1, 20] });
  }, 120_000);
});

describe('first and continue deposit', () => {
  it('[S7-15] the 1st deposit is matched 100 % up to 188, the 2nd 50 %, the 3rd 30 %, once each; received, withdraw/prepare asks 10 times the bonus', async () => {
    const m = await s.member();
    await w.fund(m.token, 500);
    await w.fund(m.token, 100);
    await w.fund(m.token, 200);
    await w.fund(m.token, 1_000);
    const open = await welfare(m.token);
    expect(open.map((b) => [b.amount, b.title, b.multiple])).toEqual([
      [60, '续存彩金：第3笔存款赠送30%', 10],
      [50, '续存彩金：第2笔存款赠送50%', 10],
      [188, '首存100%彩金：第1笔存款赠送100%', 10],
    ]);
    expect(await turnoverAsked(m.token)).toBe(1_800);
    const first = open[2].welfareId;
    const answers = await Promise.all(Array.from({ length: 50 }, () => w.move('/api/member/welfare/receive', { welfareId: first }, m.token)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect((await w.balance(m.token)).main).toBe(1_988);
    expect(await turnoverAsked(m.token)).toBe(1_800 + 1_880);
  });

  it('[S7-15] the first-deposit bonus is once per device and per phone: a second member on the same device gets none', async () => {
    const first = await s.member();
    const second = await s.member();
    await s.deps.db.execute(sql`UPDATE sessions SET device = 'shared-phone-1' WHERE member_id IN (${first.memberId}, ${second.memberId})`);
    await w.fund(first.token, 200);
    await w.fund(second.token, 200);
    expect((await welfare(first.token)).map((b) => b.amount)).toEqual([188]);
    expect(await welfare(second.token)).toEqual([]);
    // Their second deposits' continue bonus is per member only.
    await w.fund(second.token, 100);
    expect((await welfare(second.token)).map((b) => b.amount)).toEqual([50]);
    const [rules] = (await s.call('/api/activity/list', {})).data.list.filter((a: { kind: string }) => a.kind === 'first_deposit');
    expect(rules.rules[1]).toBe('存款到账后自动发放，在福利中心领取；每位会员每笔仅可获得一次，同一手机号、设备仅限一位会员。');
  });

  it('[S7-15] a deposit below the minimum earns no bonus', async () => {
    const m = await s.member();
    await w.fund(m.token, 50);
    expect(await welfare(m.token)).toEqual([]);
  });
});

describe('tags and bad input', () => {
  it('[S3-23] [S8-17] the activity blacklist refuses every activity with the 温馨提示 answer; its bonuses are neither shown nor paid', async () => {
    const m = await s.member();
    await w.fund(m.token, 200);
    const signed = await w.move('/api/activity/sign/draw', {}, m.token);
    await s.deps.db.execute(sql`UPDATE members SET tags = ARRAY[${MemberTags.ACTIVITY_BLACKLIST}]::text[] WHERE member_id = ${m.memberId}`);
    memberChanged(m.memberId);
    const refused = [
      await s.call('/api/activity/sign/config', {}, { token: m.token }),
      await w.move('/api/activity/sign/draw', {}, m.token),
      await s.call('/api/activity/wheel/config', {}, { token: m.token }),
      await w.move('/api/activity/wheel/draw', {}, m.token),
      await s.call('/api/activity/wheel/records', { page: 1, size: 10 }, { token: m.token }),
      await w.move('/api/activity/sign/receive', { recordId: signed.data.recordId }, m.token),
      await s.call('/api/activity/deposit/config', {}, { token: m.token }),
    ];
    for (const r of refused) expect(r).toMatchObject({ code: Errors.ACTIVE_BLACKLIST.code, msg: Errors.ACTIVE_BLACKLIST.msg });
    expect(await welfare(m.token)).toEqual([]);
    const [bonus] = await rows<{ bonus_id: string }>(sql`SELECT bonus_id FROM vip_bonuses WHERE member_id = ${m.memberId} AND source = 'activity' LIMIT 1`);
    expect((await w.move('/api/member/welfare/receive', { welfareId: Number(bonus.bonus_id) }, m.token)).code).toBe(Errors.ACTIVE_BLACKLIST.code);
    expect((await w.balance(m.token)).main).toBe(200);
    expect((await s.call('/api/activity/list', {}, { token: m.token })).code).toBe(0);
  });

  it('[S3-05] bad input is refused with its code and changes nothing', async () => {
    const m = await s.member();
    const other = await s.member();
    for (const body of [{ page: 0 }, { page: 'x' }, { size: 1_000 }])
      expect((await s.call('/api/activity/sign/records', body, { token: m.token })).code).toBe(Errors.VALIDATION.code);
    for (const body of [{}, { recordId: 'x' }, { recordId: -1 }])
      expect((await w.move('/api/activity/wheel/receive', body, m.token)).code).toBe(Errors.VALIDATION.code);
    expect((await s.call('/api/activity/sign/draw', {}, { token: m.token })).code).toBe(Errors.IDEMPOTENCY_KEY_REQUIRED.code);
    expect((await s.call('/api/activity/sign/config', {})).code).toBe(Errors.AUTH_INVALID.code);
    const signed = await w.move('/api/activity/sign/draw', {}, m.token);
    expect((await w.move('/api/activity/sign/receive', { recordId: signed.data.recordId }, other.token)).code).toBe(Errors.RECORD_NOT_FOUND.code);
    expect((await w.move('/api/activity/wheel/receive', { recordId: signed.data.recordId }, m.token)).code).toBe(Errors.RECORD_NOT_FOUND.code);
    await setWheel({ stock: [1, 0] });
    await s.deps.db.execute(sql`UPDATE promo_prizes SET weight = 0 WHERE prize_no BETWEEN 2 AND 4`);
    const nothing = await w.move('/api/activity/wheel/draw', {}, m.token);
    expect(nothing.data.prize).toEqual({ kind: 'none', amount: 0, name: '谢谢参与' });
    expect((await w.move('/api/activity/wheel/receive', { recordId: nothing.data.recordId }, m.token)).code).toBe(Errors.PRIZE_NOTHING.code);
    await s.deps.db.execute(sql`UPDATE promo_prizes SET weight = CASE prize_no WHEN 2 THEN 5 WHEN 3 THEN 20 ELSE 40 END WHERE prize_no BETWEEN 2 AND 4`);
    await setWheel({ stock: [1, 20] });
    await s.deps.db.execute(sql`UPDATE promo_activities SET end_at = now() - interval '1 day' WHERE site_id = 1 AND kind = 'wheel'`);
    expect((await w.move('/api/activity/wheel/draw', {}, other.token)).code).toBe(Errors.ACTIVITY_CLOSED.code);
    await s.deps.db.execute(sql`UPDATE promo_activities SET end_at = '2030-12-31T23:59:59+08:00' WHERE site_id = 1 AND kind = 'wheel'`);
    expect((await w.balance(m.token)).main).toBe(0);
    void newKey;
  });
});
