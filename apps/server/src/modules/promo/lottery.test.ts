import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { caller, expectLedgerSound } from '../wallet/testing.ts';
import { recordRound } from '../vip/testing.ts';

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

const rows = async <T>(query: ReturnType<typeof sql>) => (await s.deps.db.execute(query)).rows as T[];
const config = async (token: string) => (await s.call('/api/activity/lottery/config', {}, { token })).data;
const draw = (token: string, key?: string) => w.move('/api/activity/lottery/draw', {}, token, key);

describe('the lottery', () => {
  it('[S7-15] a ticket per 500 deposited and per 5,000 of valid turnover; 30 concurrent draws use exactly the tickets; each draw records its random value', async () => {
    const m = await s.member();
    expect(await config(m.token)).toMatchObject({ tickets: { earned: 0, used: 0, left: 0 }, depositPerTicket: 500, turnoverPerTicket: 5_000 });
    expect((await draw(m.token)).code).toBe(Errors.NO_TICKETS_LEFT.code);
    await w.fund(m.token, 1_200); // 2 tickets
    await s.deps.db.transaction((tx) =>
      recordRound(tx, { memberId: m.memberId, siteId: 1, ref: `lt:${m.memberId}`, category: 'egame', stakeMinor: 500_000n, payoutMinor: 0n }, new Date()),
    ); // 1 more
    expect((await config(m.token)).tickets).toEqual({ earned: 3, used: 0, left: 3 });
    const answers = await Promise.all(Array.from({ length: 30 }, () => draw(m.token)));
    const ok = answers.filter((a) => a.code === 0);
    expect(ok).toHaveLength(3);
    for (const a of answers.filter((x) => x.code !== 0)) expect([Errors.NO_TICKETS_LEFT.code, Errors.HIGH_TRAFFIC.code]).toContain(a.code);
    expect((await config(m.token)).tickets).toEqual({ earned: 3, used: 3, left: 0 });
    const records = await rows<{ ref: string; detail: { random: number; total: number; inPlay: string } }>(
      sql`SELECT r.ref, r.detail FROM promo_records r JOIN promo_activities a USING (activity_id) WHERE a.kind = 'lottery' AND r.member_id = ${m.memberId} ORDER BY r.ref`,
    );
    expect(records.map((r) => r.ref)).toEqual(['ticket:1', 'ticket:2', 'ticket:3']);
    for (const r of records) {
      expect(r.detail.total).toBe(100);
      expect(r.detail.random).toBeGreaterThanOrEqual(0);
      expect(r.detail.random).toBeLessThan(100);
      expect(r.detail.inPlay).toBe('1:1,2:6,3:25,4:40,5:28');
    }
    // Money prizes wait in the records (and the welfare centre), received once each.
    const list = (await s.call('/api/activity/lottery/records', { page: 1, size: 10 }, { token: m.token })).data.list as Array<{
      recordId: number;
      prize: { kind: string; amount: number };
      status: string;
    }>;
    expect(list).toHaveLength(3);
    const won = list.find((r) => r.prize.kind === 'money');
    if (won) {
      const before = (await w.balance(m.token)).main;
      const receives = await Promise.all(Array.from({ length: 20 }, () => w.move('/api/activity/lottery/receive', { recordId: won.recordId }, m.token)));
      expect(receives.filter((a) => a.code === 0)).toHaveLength(1);
      expect((await w.balance(m.token)).main).toBe(Math.round((before + won.prize.amount) * 100) / 100);
    }
  });

  it('[S7-15] a prize never passes its stock under concurrent draws: the others draw 谢谢参与', async () => {
    // Only the top prize (stock 1 left) and nothing else in play; the budget allows it once.
    const [lottery] = await rows<{ activity_id: number }>(sql`SELECT activity_id FROM promo_activities WHERE site_id = 1 AND kind = 'lottery'`);
    await s.deps.db.execute(
      sql`UPDATE promo_prizes SET weight = CASE WHEN prize_no = 1 THEN 1 ELSE 0 END, won = CASE WHEN prize_no = 1 THEN 4 ELSE won END WHERE activity_id = ${lottery.activity_id}`,
    );
    const members = await Promise.all(Array.from({ length: 5 }, () => s.member()));
    for (const m of members) await w.fund(m.token, 500);
    const answers = await Promise.all(members.map((m) => draw(m.token)));
    const prizes = answers.filter((a) => a.code === 0).map((a) => a.data.prize.kind);
    expect(prizes.filter((k) => k === 'money')).toHaveLength(1);
    expect(prizes.filter((k) => k === 'none')).toHaveLength(prizes.length - 1);
    const [top] = await rows<{ won: number; stock: number }>(
      sql`SELECT won, stock FROM promo_prizes WHERE activity_id = ${lottery.activity_id} AND prize_no = 1`,
    );
    expect(top).toEqual({ won: 5, stock: 5 });
  });
});
