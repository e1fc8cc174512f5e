import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DAY_MS, Errors, HOUR_MS, MemberTags, shanghaiDay, shanghaiHourOf, shanghaiMidnight } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { memberChanged } from '../../platform/cache.ts';
import { clock } from '../../platform/clock.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';
import { recordRound } from '../vip/testing.ts';
import { grantTurnoverPrizes } from './turnover-prizes.ts';

let s: TestServer;
let w: ReturnType<typeof caller>;
beforeAll(async () => {
  s = await startTestServer();
  w = caller(s);
});
afterEach(() => clock.reset());
afterAll(async () => {
  await expectLedgerSound(s);
  await s.close();
});

interface Stage {
  stage: number;
  turnover: number;
  prize: number;
  status: string;
  recordId: number | null;
}
const config = async (token: string) =>
  (await s.call('/api/activity/barrier/config', {}, { token })).data as { turnover: number; today: string; stages: Stage[] };
const take = (token: string, stage: number, key?: string) => w.move('/api/activity/barrier/draw', { stage }, token, key);
/** Valid turnover of `amount` (major units) played now, as a casino round writes it. */
let roundNo = 0;
const play = (memberId: number, amount: number) =>
  s.deps.db.transaction((tx) =>
    recordRound(
      tx,
      { memberId, siteId: 1, ref: `barrier:${memberId}:${roundNo++}`, category: 'egame', stakeMinor: BigInt(amount * 100), payoutMinor: 0n },
      new Date(clock.now()),
    ),
  );
const statuses = (c: { stages: Stage[] }) => c.stages.map((x) => x.status);

describe('闯关 (barrier)', () => {
  it('[S7-15] stages by today’s valid turnover: none reached refused, a reached one granted to the welfare centre and paid once by 50 concurrent takes', async () => {
    const m = await s.member();
    const first = await config(m.token);
    expect(first.turnover).toBe(0);
    expect(first.stages.map((x) => [x.turnover, x.prize])).toEqual([
      [1_000, 18],
      [5_000, 58],
      [20_000, 188],
      [50_000, 388],
      [100_000, 888],
    ]);
    expect(statuses(first)).toEqual(['locked', 'locked', 'locked', 'locked', 'locked']);
    expect(await take(m.token, 1)).toMatchObject({ code: Errors.BARRIER_NOT_REACHED.code, msg: Errors.BARRIER_NOT_REACHED.msg });

    await play(m.memberId, 999.99);
    expect(statuses(await config(m.token))[0]).toBe('locked');
    await play(m.memberId, 0.01);
    const reached = await config(m.token);
    expect(reached.turnover).toBe(1_000);
    expect(statuses(reached)).toEqual(['pending', 'locked', 'locked', 'locked', 'locked']);
    const welfare = (await s.call('/api/member/welfare/list', {}, { token: m.token })).data.list;
    expect(welfare).toMatchObject([{ kind: 'activity', amount: 18, title: '每日闯关：闯关第1关奖励', multiple: 1 }]);

    const answers = await Promise.all(Array.from({ length: 50 }, () => take(m.token, 1)));
    expect(answers.filter((a) => a.code === 0).map((a) => a.data)).toEqual([{ amount: 18, main: 18 }]);
    for (const a of answers.filter((x) => x.code !== 0)) expect([Errors.PRIZE_RECEIVED.code, Errors.HIGH_TRAFFIC.code]).toContain(a.code);
    expect((await w.balance(m.token)).main).toBe(18);
    expect(statuses(await config(m.token))[0]).toBe('received');
    expect((await s.call('/api/member/welfare/list', {}, { token: m.token })).data.list).toEqual([]);
    expect((await take(m.token, 2)).code).toBe(Errors.BARRIER_NOT_REACHED.code);
    expect((await take(m.token, 6)).code).toBe(Errors.BARRIER_STAGE_UNKNOWN.code);
    for (const stage of [0, -1, 'x', 1.5]) expect((await w.move('/api/activity/barrier/draw', { stage }, m.token)).code).toBe(Errors.VALIDATION.code);
    const [record] = (await s.call('/api/activity/barrier/records', { page: 1, size: 10 }, { token: m.token })).data.list;
    expect(record).toMatchObject({ status: 'received', prize: { kind: 'money', amount: 18, name: '闯关第1关奖励' }, detail: { stage: 1 } });
    expect((await w.balance(m.token)).main).toBe(18);
  });

  it('[S7-15] a stage never looked at is granted and paid once by 50 concurrent takes; the same key answers the same; the record receive pays the next stage once', async () => {
    const m = await s.member();
    await play(m.memberId, 6_000);
    const keys = Array.from({ length: 50 }, () => newKey());
    const answers = await Promise.all(keys.map((key) => take(m.token, 2, key)));
    const paid = answers.filter((a) => a.code === 0);
    expect(paid.map((a) => a.data)).toEqual([{ amount: 58, main: 58 }]);
    expect(await take(m.token, 2, keys[answers.indexOf(paid[0])])).toMatchObject({ code: 0, data: { amount: 58, main: 58 } });
    const c = await config(m.token);
    expect(statuses(c)).toEqual(['pending', 'received', 'locked', 'locked', 'locked']);
    const receives = await Promise.all(Array.from({ length: 20 }, () => w.move('/api/activity/barrier/receive', { recordId: c.stages[0].recordId }, m.token)));
    expect(receives.filter((a) => a.code === 0).map((a) => a.data)).toEqual([{ amount: 18, main: 76 }]);
    const records = await s.deps.db.execute(
      sql`SELECT ref FROM promo_records r JOIN promo_activities a USING (activity_id) WHERE a.kind = 'barrier' AND r.member_id = ${m.memberId} ORDER BY ref`,
    );
    expect((records.rows as Array<{ ref: string }>).map((r) => r.ref)).toEqual([`${c.today}:1`, `${c.today}:2`]);
  });

  it('[S7-15] the day ends at 00:00 Shanghai: the turnover starts again from zero and each stage pays again the next day', async () => {
    // Just before midnight Shanghai (the member's session opened then).
    clock.shift(shanghaiMidnight(clock.now()) + DAY_MS - 60_000 - clock.now());
    const m = await s.member();
    await play(m.memberId, 1_200);
    const before = await config(m.token);
    expect(before).toMatchObject({ turnover: 1_200 });
    expect((await take(m.token, 1)).code).toBe(0);
    clock.shift(120_000); // 00:01 the next day
    const after = await config(m.token);
    expect(after.today).not.toBe(before.today);
    expect(after.turnover).toBe(0);
    expect(statuses(after)).toEqual(['locked', 'locked', 'locked', 'locked', 'locked']);
    expect((await take(m.token, 1)).code).toBe(Errors.BARRIER_NOT_REACHED.code);
    await play(m.memberId, 1_000);
    expect((await take(m.token, 1)).data).toEqual({ amount: 18, main: 36 });
    expect((await s.call('/api/activity/barrier/records', { page: 1, size: 10 }, { token: m.token })).data.total).toBe(2);
  });

  it('[S7-15] [S3-23] the activity blacklist keeps a member out of 闯关', async () => {
    const m = await s.member();
    await play(m.memberId, 2_000);
    await s.deps.db.execute(sql`UPDATE members SET tags = ARRAY[${MemberTags.ACTIVITY_BLACKLIST}]::text[] WHERE member_id = ${m.memberId}`);
    memberChanged(m.memberId);
    const refused = [
      await s.call('/api/activity/barrier/config', {}, { token: m.token }),
      await take(m.token, 1),
      await s.call('/api/activity/barrier/records', { page: 1, size: 10 }, { token: m.token }),
      await w.move('/api/activity/barrier/receive', { recordId: 1 }, m.token),
    ];
    for (const r of refused) expect(r).toMatchObject({ code: Errors.ACTIVE_BLACKLIST.code, msg: Errors.ACTIVE_BLACKLIST.msg });
    expect((await w.balance(m.token)).main).toBe(0);
  });
});

describe('闯关 granted by the pass, the page never opened', () => {
  const pass = () => grantTurnoverPrizes(s.deps.db);
  const welfare = async (token: string) =>
    ((await s.call('/api/member/welfare/list', {}, { token })).data.list as Array<{ title: string; amount: number }>).map((x) => [x.title, x.amount]).sort();
  const records = async (memberId: number) =>
    (
      await s.deps.db.execute(
        sql`SELECT ref, amount_minor FROM promo_records r JOIN promo_activities a USING (activity_id) WHERE a.kind = 'barrier' AND r.member_id = ${memberId} ORDER BY ref`,
      )
    ).rows as Array<{ ref: string; amount_minor: string }>;
  const [STAGE_1, STAGE_2] = [['每日闯关：闯关第1关奖励', 18] as const, ['每日闯关：闯关第2关奖励', 58] as const];

  it('[S7-15] [S7-14] two stages played past wait in the welfare centre; one reached a minute before midnight is granted after it; the next day counts again; the blacklist gets nothing', async () => {
    // 23:00 tomorrow Shanghai: the members' sessions live past midnight (to 22:00 the day after).
    clock.shift(shanghaiHourOf(clock.now(), 23) + DAY_MS - clock.now());
    const day1 = shanghaiDay(clock.now());
    const [m, late, barred] = [await s.member(), await s.member(), await s.member()];
    await s.deps.db.execute(sql`UPDATE members SET tags = ARRAY[${MemberTags.ACTIVITY_BLACKLIST}]::text[] WHERE member_id = ${barred.memberId}`);
    memberChanged(barred.memberId);
    for (const x of [m, barred]) await play(x.memberId, 6_000);
    expect(await welfare(m.token)).toEqual([]);
    await pass();
    expect(await welfare(m.token)).toEqual([STAGE_1, STAGE_2]);
    expect(await records(barred.memberId)).toEqual([]);

    clock.shift(HOUR_MS - 60_000); // 23:59
    await play(late.memberId, 1_500);
    clock.shift(120_000); // 00:01 the next day: the pass still grants yesterday's stage
    const day2 = shanghaiDay(clock.now());
    await pass();
    expect(await welfare(late.token)).toEqual([STAGE_1]);
    expect((await records(late.memberId)).map((r) => r.ref)).toEqual([`${day1}:1`]);

    await play(m.memberId, 1_000);
    await pass();
    expect(await welfare(m.token)).toEqual([STAGE_1, STAGE_1, STAGE_2]);
    expect((await records(m.memberId)).map((r) => r.ref)).toEqual([`${day1}:1`, `${day1}:2`, `${day2}:1`]);
    expect(statuses(await config(m.token))).toEqual(['pending', 'locked', 'locked', 'locked', 'locked']);
    expect(await records(barred.memberId)).toEqual([]);
  });

  it('[S7-15] two passes at once grant each stage once, a third grants nothing, and a small budget is never exceeded', async () => {
    const spent = async () =>
      (
        (await s.deps.db.execute(sql`SELECT budget_minor, spent_minor FROM promo_activities WHERE site_id = 1 AND kind = 'barrier'`)).rows as Array<{
          budget_minor: string;
          spent_minor: string;
        }>
      ).map((r) => ({ budget: Number(r.budget_minor), spent: Number(r.spent_minor) }))[0];
    const before = await spent();
    // Room for 100 of the 3 × 76 the members reach: 18 + 58 for the first one granted, 18 for the next.
    await s.deps.db.execute(sql`UPDATE promo_activities SET budget_minor = spent_minor + 10000 WHERE site_id = 1 AND kind = 'barrier'`);
    const members = [await s.member(), await s.member(), await s.member()];
    for (const m of members) await play(m.memberId, 6_000);
    const granted = async () => Promise.all(members.map(async (m) => (await records(m.memberId)).reduce((sum, r) => sum + Number(r.amount_minor), 0)));

    await Promise.all([pass(), pass()]);
    expect((await granted()).sort((a, b) => a - b)).toEqual([0, 1_800, 7_600]);
    expect((await spent()).spent - before.spent).toBe(9_400);
    await pass();
    expect((await granted()).sort((a, b) => a - b)).toEqual([0, 1_800, 7_600]);
    expect((await spent()).spent - before.spent).toBe(9_400);
    await s.deps.db.execute(sql`UPDATE promo_activities SET budget_minor = ${before.budget} WHERE site_id = 1 AND kind = 'barrier'`);
  });
});
