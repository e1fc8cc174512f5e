import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors, type ExpertListData } from '@bp/contract';
import type { z } from 'zod';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { AppError } from '../../platform/http/index.ts';
import { setConfig } from '../site/index.ts';
import { caller, expectLedgerSound } from '../wallet/testing.ts';
import { finish, goLive, scriptMatch } from '../sports/testing.ts';
import { settleDueMatches } from '../sports/index.ts';
import { addExpertPick } from './index.ts';

let s: TestServer;
let w: ReturnType<typeof caller>;
beforeAll(async () => {
  s = await startTestServer();
  await setConfig(s.deps.db, 1, 'sports_inplay_delay_ms', '0');
  w = caller(s);
});
afterAll(async () => {
  await expectLedgerSound(s);
  await s.close();
});

const list = async () => (await s.call('/api/activity/experts/list', {})).data.list as z.infer<typeof ExpertListData>['list'];
const info = async (expertId: number) => s.call('/api/activity/experts/info', { expertId });
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 0,
    (err: AppError) => err.code,
  );

describe('sponsors and experts', () => {
  it("[S7-15] sponsors: the site's partners with a badge, years and a text, to anyone", async () => {
    const answer = await s.call('/api/activity/sponsors/list', {});
    expect(answer.code).toBe(0);
    expect(answer.data.list.length).toBeGreaterThanOrEqual(3);
    for (const p of answer.data.list) {
      expect(p.badge.color).toMatch(/^#[0-9a-f]{6}$/i);
      expect(p.summary.length).toBeGreaterThan(10);
      expect(p.toYear === null || p.toYear >= p.fromYear).toBe(true);
    }
    await s.deps.db.execute(sql`UPDATE promo_sponsors SET enabled = false WHERE sponsor_id = ${answer.data.list[0].sponsorId}`);
    expect((await s.call('/api/activity/sponsors/list', {})).data.list.map((p: { sponsorId: number }) => p.sponsorId)).not.toContain(
      answer.data.list[0].sponsorId,
    );
  });

  it("[S7-15] the demo experts pick selections of the book's coming football matches, with no record before any is settled", async () => {
    const experts = await list();
    expect(experts.map((e) => e.name)).toEqual(['老K看球', '大小球阿杰', '让球研究所']);
    for (const e of experts) {
      expect(e.open.length).toBeGreaterThan(0);
      for (const p of e.open) expect(p).toMatchObject({ status: 'open', match: { status: 'scheduled' } });
    }
    expect(experts[0].open[0].marketName).toBe('全场独赢');
    const { rows } = await s.deps.db.execute(sql`
      SELECT count(*)::int AS n FROM promo_expert_picks p JOIN sports_matches x ON x.match_id = p.match_id WHERE x.status <> 'scheduled'`);
    expect(rows[0]).toEqual({ n: 0 });
  });

  it("[S7-15] an expert's record is graded from the book's settled results, as the book settled a member's bet on the same pick", async () => {
    const { rows } = await s.deps.db.execute(sql`
      INSERT INTO promo_experts (site_id, name, title, bio, badge_color, sort) VALUES (1, '测试专家', '测试', '只用于测试', '#123456', 99) RETURNING expert_id`);
    const expertId = Number((rows[0] as { expert_id: unknown }).expert_id);
    const [won, lost, halfLost, voided, coming] = await Promise.all(Array.from({ length: 5 }, () => scriptMatch(s, { startInMs: 3_600_000 })));
    const picks: Array<[typeof won, number]> = [
      [won, await won.sel('1x2', 'home')],
      [lost, await lost.sel('ou', 'over')],
      [halfLost, await halfLost.sel('ah', 'home')],
      [voided, await voided.sel('1x2', 'draw')],
      [coming, await coming.sel('btts', 'yes')],
    ];
    for (const [, selectionId] of picks) await addExpertPick(s.deps.db, 1, { expertId, selectionId, analysis: '测试推荐' });
    expect(await codeOf(addExpertPick(s.deps.db, 1, { expertId, selectionId: await won.sel('1x2', 'visit'), analysis: 'x' }))).toBe(
      Errors.EXPERT_PICK_MADE.code,
    );
    expect(await codeOf(addExpertPick(s.deps.db, 1, { expertId: 99_999, selectionId: picks[0][1], analysis: 'x' }))).toBe(Errors.EXPERT_NOT_FOUND.code);

    // A member bets on the first pick; the book settles both alike.
    const m = await s.member();
    await w.fund(m.token, 100);
    const bet = await w.move('/api/sports/bet/place', { type: 'single', stake: 10, selections: [{ selectionId: picks[0][1], odds: 2.1 }] }, m.token);
    expect(bet.code, bet.msg).toBe(0);

    await goLive(s, won);
    expect(await codeOf(addExpertPick(s.deps.db, 1, { expertId: 1, selectionId: await won.sel('btts', 'no'), analysis: 'x' }))).toBe(
      Errors.EXPERT_PICK_CLOSED.code,
    );
    await finish(s, won, { homeScore: 2, visitScore: 1 });
    await finish(s, lost, { homeScore: 1, visitScore: 0 });
    await finish(s, halfLost, { homeScore: 0, visitScore: 0 });
    await finish(s, voided, { homeScore: 0, visitScore: 0, cancelled: true });
    // A result the book has not settled yet does not count.
    const unsettled = (await info(expertId)).data;
    expect(unsettled.expert.record).toMatchObject({ picks: 5, decided: 0, hitRate: null });

    await settleDueMatches(s.deps);
    const { expert, open, settled } = (await info(expertId)).data;
    expect(open.map((p: { match: { matchId: number } }) => p.match.matchId)).toEqual([coming.matchId]);
    const statusOf = (id: number) => settled.find((p: { match: { matchId: number } }) => p.match.matchId === id)?.status;
    expect([won, lost, halfLost, voided].map((x) => statusOf(x.matchId))).toEqual(['won', 'lost', 'half_lost', 'void']);
    // 1 hit against 1.5 misses (a half loss is half a miss): 40 %.
    expect(expert.record).toMatchObject({ picks: 5, decided: 3, won: 1, lost: 2, hitRate: 40 });
    expect(expert.record.recent).toHaveLength(3);
    expect(settled.find((p: { match: { matchId: number } }) => p.match.matchId === won.matchId)).toMatchObject({
      marketName: '全场独赢',
      selectionName: '主队',
      odds: 2.1,
    });
    const records = await s.call('/api/sports/bet/records', { page: 1, size: 10 }, { token: m.token });
    expect(records.data.list).toMatchObject([{ orderId: bet.data.orderId, status: 'won' }]);
    expect((await list()).find((e) => e.expertId === expertId)?.record.hitRate).toBe(40);
  });

  it('[S7-15] an unknown expert or a bad body is refused with its code', async () => {
    expect((await info(99_999)).code).toBe(Errors.EXPERT_NOT_FOUND.code);
    for (const body of [{}, { expertId: 0 }, { expertId: 'x' }]) expect((await s.call('/api/activity/experts/info', body)).code).toBe(Errors.VALIDATION.code);
  });
});
