import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DAY_MS, Errors, shanghaiDay } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';
import { setOnce } from '../auth/index.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';
import { recordRound } from './turnover.ts';
import { birthdayBonus } from './birthday.ts';

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

const rows = async <T>(query: ReturnType<typeof sql>) => (await s.deps.db.execute(query)).rows as T[];
const playRound = (m: { memberId: number }, ref: string, stake: number) =>
  s.deps.db.transaction((tx) =>
    recordRound(tx, { memberId: m.memberId, siteId: 1, ref, category: 'egame', stakeMinor: BigInt(stake * 100), payoutMinor: 0n }, new Date(clock.now())),
  );
const points = async (token: string) => (await s.call('/api/member/points/info', {}, { token })).data;
const itemNamed = async (token: string, name: string) => ((await points(token)).items as Array<{ itemId: number; name: string }>).find((i) => i.name === name)!;
const exchange = (token: string, itemId: unknown, key = newKey()) => w.move('/api/member/points/exchange', { itemId }, token, key);

describe('points', () => {
  it('[S7-14] one point per 100 of valid turnover and per 100 deposited, counted once however many reads race; the history lists them', async () => {
    const m = await s.member();
    await w.fund(m.token, 1_050);
    await playRound(m, `p1:${m.memberId}`, 2_599);
    const answers = await Promise.all(Array.from({ length: 20 }, () => points(m.token)));
    for (const a of answers) expect(a.points).toBe(10 + 25);
    expect(answers[0]).toMatchObject({ turnoverPerPoint: 100, depositPerPoint: 100 });
    await playRound(m, `p2:${m.memberId}`, 1);
    expect((await points(m.token)).points).toBe(36);
    const history = (await s.call('/api/member/points/records', { page: 1, size: 10 }, { token: m.token })).data;
    expect(history.total).toBe(3);
    expect(history.list.map((r: { title: string; points: number }) => [r.title, r.points])).toEqual([
      ['有效投注获得', 1],
      ['存款获得', 10],
      ['有效投注获得', 25],
    ]);
    const usdt = await s.member({ siteId: 2 });
    expect((await s.call('/api/member/points/info', {}, { token: usdt.token, headers: { 'x-site-id': '2' } })).data).toMatchObject({
      points: 0,
      turnoverPerPoint: 15,
      items: expect.arrayContaining([expect.objectContaining({ name: '0.8 USDT 彩金', cost: 100, amount: 0.8 })]),
    });
  });

  it('[S7-14] 50 concurrent exchanges spend the points exactly: bonus money paid once each, asking its turnover; gold coins from the live ledger; stock never passed', async () => {
    const m = await s.member();
    await w.fund(m.token, 10_000); // 100 points
    await playRound(m, `x:${m.memberId}`, 25_000); // 250 points
    const five = await itemNamed(m.token, '5元彩金');
    const answers = await Promise.all(Array.from({ length: 50 }, () => exchange(m.token, five.itemId)));
    const ok = answers.filter((a) => a.code === 0);
    expect(ok).toHaveLength(3);
    for (const a of answers.filter((x) => x.code !== 0)) expect([Errors.POINTS_NOT_ENOUGH.code, Errors.HIGH_TRAFFIC.code]).toContain(a.code);
    expect((await w.balance(m.token)).main).toBe(10_015);
    expect((await points(m.token)).points).toBe(50);
    // Each is a bonus of the engine, received at once: its turnover is asked and counted.
    expect((await s.call('/api/member/welfare/wagering', {}, { token: m.token })).data).toMatchObject({ remaining: 15 });
    // The same key answers the first result again and spends nothing more.
    const key = newKey();
    const gold = await itemNamed(m.token, '50金币');
    const first = await exchange(m.token, gold.itemId, key);
    expect(first.data).toMatchObject({ points: 0, kind: 'gold', amount: 50, gold: 50, main: 10_015 });
    expect(await exchange(m.token, gold.itemId, key)).toMatchObject({ code: 0, data: first.data });
    const refused = await exchange(m.token, gold.itemId);
    expect(refused.code).toBe(Errors.POINTS_NOT_ENOUGH.code);
    expect(refused.data).toEqual({ points: 0, cost: 50 });
    expect((await points(m.token)).points).toBe(0);

    // An item of stock 2, raced by members who can each afford it: two are given, no more.
    const [{ item_id: scarce }] = await rows<{ item_id: number }>(
      sql`INSERT INTO vip_point_items (site_id, kind, name, cost_points, amount_minor, stock) VALUES (1, 'money', '限量彩金', 1, 100, 2) RETURNING item_id`,
    );
    const racers = await Promise.all(Array.from({ length: 6 }, () => s.member()));
    for (const r of racers) await w.fund(r.token, 100);
    const raced = await Promise.all(racers.map((r) => exchange(r.token, scarce)));
    expect(raced.filter((a) => a.code === 0)).toHaveLength(2);
    for (const a of raced.filter((x) => x.code !== 0)) expect(a.code).toBe(Errors.POINTS_ITEM_GONE.code);
    expect((await rows<{ taken: number }>(sql`SELECT taken FROM vip_point_items WHERE item_id = ${scarce}`))[0].taken).toBe(2);

    for (const body of [{}, { itemId: 'x' }, { itemId: -1 }])
      expect((await w.move('/api/member/points/exchange', body, m.token)).code).toBe(Errors.VALIDATION.code);
    expect((await exchange(m.token, 987_654)).code).toBe(Errors.POINTS_ITEM_NOT_FOUND.code);
    expect((await s.call('/api/member/points/exchange', { itemId: five.itemId }, { token: m.token })).code).toBe(Errors.IDEMPOTENCY_KEY_REQUIRED.code);
  });
});

describe('the birthday bonus', () => {
  const thisMonth = () => shanghaiDay(clock.now()).slice(5, 7);
  const birthdayIn = (month: string) => `1990-${month}-${month === '02' ? '28' : '15'}`;
  const bonus = async (token: string) => (await s.call('/api/member/vip/birthday', {}, { token })).data;

  it('[S7-14] pays the level its figure once a year in the birthday month: 30 racing reads grant one, 50 concurrent receives pay one', async () => {
    const m = await s.member();
    const month = thisMonth();
    await setOnce(s.deps.db, m.memberId, 'birthday', birthdayIn(month));
    expect(await bonus(m.token)).toMatchObject({ inMonth: true, amount: 0, welfareId: null, status: null });
    await w.fund(m.token, 1_000);
    await playRound(m, `b:${m.memberId}`, 6_000); // VIP1: pays 18
    expect((await s.call('/api/member/vip/info', {}, { token: m.token })).data.vipLevel).toBe(1);
    const raced = await Promise.all(Array.from({ length: 30 }, () => bonus(m.token)));
    const ids = new Set(raced.map((b) => b.welfareId));
    expect(ids.size).toBe(1);
    expect(raced[0]).toMatchObject({ amount: 18, status: 'pending', levels: expect.arrayContaining([{ vipLevel: 1, grade: 'VIP1', amount: 18 }]) });
    const welfare = (await s.call('/api/member/welfare/list', {}, { token: m.token })).data.list as Array<{ welfareId: number; kind: string; title: string }>;
    const listed = welfare.find((b) => b.kind === 'birthday')!;
    expect(listed).toMatchObject({ welfareId: raced[0].welfareId, title: `${shanghaiDay(clock.now()).slice(0, 4)}年生日礼金` });
    const before = (await w.balance(m.token)).main;
    const answers = await Promise.all(Array.from({ length: 50 }, () => w.move('/api/member/welfare/receive', { welfareId: listed.welfareId }, m.token)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect((await w.balance(m.token)).main).toBe(before + 18);
    expect(await bonus(m.token)).toMatchObject({ status: 'received' });
    expect((await rows<{ n: string }>(sql`SELECT count(*)::text AS n FROM vip_bonuses WHERE member_id = ${m.memberId} AND source = 'birthday'`))[0].n).toBe(
      '1',
    );

    // A year on, in the same month: the next year's bonus, once more.
    clock.shift(365 * DAY_MS);
    if (thisMonth() === month) {
      const next = await birthdayBonus(s.deps.db, { memberId: m.memberId, siteId: 1, currency: 'CNY' });
      expect(next.welfareId).not.toBe(raced[0].welfareId);
      expect(next.status).toBe('pending');
    }
  });

  it('[S7-14] outside the birthday month, or without a birthday, nothing is granted', async () => {
    const away = await s.member();
    const other = String(((Number(thisMonth()) + 5) % 12) + 1).padStart(2, '0');
    await setOnce(s.deps.db, away.memberId, 'birthday', birthdayIn(other));
    const unset = await s.member();
    for (const m of [away, unset]) {
      await w.fund(m.token, 1_000);
      await playRound(m, `nb:${m.memberId}`, 6_000);
      expect(await bonus(m.token)).toMatchObject({ inMonth: false, amount: 18, welfareId: null });
    }
    expect((await bonus(unset.token)).birthday).toBeNull();
    expect(
      (
        await rows<{ n: string }>(
          sql`SELECT count(*)::text AS n FROM vip_bonuses WHERE member_id IN (${away.memberId}, ${unset.memberId}) AND source = 'birthday'`,
        )
      )[0].n,
    ).toBe('0');
  });
});
