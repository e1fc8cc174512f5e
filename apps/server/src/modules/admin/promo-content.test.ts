import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { caller } from '../wallet/testing.ts';
import { goLive, scriptMatch } from '../sports/testing.ts';
import { refusedOperators, superAdmin, unrefused } from './testing.ts';

/** Issues 15, 17: the operator runs the quiz's bank, the experts and the sponsors from the console; members read them next. */

let s: TestServer;
let w: ReturnType<typeof caller>;
beforeAll(async () => {
  s = await startTestServer();
  w = caller(s);
});
afterAll(() => s.close());

const as = async (url: string, body: object) => s.call(url, body, { headers: (await superAdmin(s)).headers });
const q = (text: string) => s.deps.database.query(text);
/** What the three screens may change, and the audit log: a refusal leaves all of it as it was. */
const state = async () => ({
  activities: await q(`SELECT activity_id, config FROM promo_activities WHERE kind = 'quiz' ORDER BY 1`),
  experts: await q('SELECT * FROM promo_experts ORDER BY 1'),
  picks: await q('SELECT * FROM promo_expert_picks ORDER BY 1'),
  sponsors: await q('SELECT * FROM promo_sponsors ORDER BY 1'),
  audit: await q('SELECT count(*)::int AS n FROM admin_audit'),
});
const lastAudit = async (action: string) => (await as('/api/admin/audit/list', { action, size: 1 })).data.list[0];

interface Question {
  no: number;
  question: string;
  options: string[];
  answer: number;
  explanation: string;
}
interface Shown {
  slot: number;
  question: string;
}
const bank = async (): Promise<{ perDay: number; list: Question[] }> => (await as('/api/admin/promo/quiz/question/list', { siteId: 1 })).data;
const today = async (token: string): Promise<{ day: string; questions: Shown[] }> => (await s.call('/api/activity/quiz/config', {}, { token })).data;
const NEW = {
  question: '一场足球比赛中，每队最多可换几人（常规时间）？',
  options: ['3人', '4人', '5人'],
  answer: 2,
  explanation: '现行规则每队常规时间最多换5人。',
};

describe('the quiz question bank', () => {
  it('[admin] a question added, edited and removed is what the next draws read; a day already drawn keeps its questions as drawn; audited', async () => {
    const start = await bank();
    expect(start.perDay).toBe(5);
    expect(start.list).toHaveLength(20);
    const early = await s.member();
    const drawn = (await today(early.token)).questions;
    const [edited, removed] = drawn.map((x) => start.list.find((b) => b.question === x.question)!);

    const added = await as('/api/admin/promo/quiz/question/save', { siteId: 1, question: NEW });
    expect(added.code, added.msg).toBe(0);
    expect(added.data).toEqual({ no: 21, ...NEW });
    const change = { question: '改过的题目：篮球比赛每节几分钟（FIBA）？', options: ['8分钟', '10分钟'], answer: 1, explanation: '' };
    expect((await as('/api/admin/promo/quiz/question/save', { siteId: 1, no: edited.no, question: change })).data).toEqual({ no: edited.no, ...change });
    expect((await as('/api/admin/promo/quiz/question/remove', { siteId: 1, no: removed.no })).code).toBe(0);
    // Down to the day's five, so a new member is drawn the whole bank: the new question and the edited one.
    const others = start.list.filter((b) => b.no !== edited.no && b.no !== removed.no).slice(0, 3);
    const keep = new Set([21, edited.no, ...others.map((b) => b.no)]);
    for (const b of (await bank()).list) if (!keep.has(b.no)) expect((await as('/api/admin/promo/quiz/question/remove', { siteId: 1, no: b.no })).code).toBe(0);
    expect((await bank()).list.map((b) => b.no).sort((x, y) => x - y)).toEqual([...keep].sort((x, y) => x - y));

    // The member drawn before keeps the five as drawn, answered and judged by them.
    const kept = await today(early.token);
    expect(kept.questions.map((x) => x.question)).toEqual(drawn.map((x) => x.question));
    const slotOf = (set: Shown[], text: string) => set.find((x) => x.question === text)!.slot;
    const answerOf = async (token: string, day: string, slot: number, option: number) =>
      (await w.move('/api/activity/quiz/answer', { day, slot, option }, token)).data;
    expect(await answerOf(early.token, kept.day, slotOf(kept.questions, removed.question), removed.answer)).toMatchObject({ correct: true });
    expect(await answerOf(early.token, kept.day, slotOf(kept.questions, edited.question), edited.answer)).toMatchObject({
      correct: true,
      explanation: edited.explanation,
    });

    const late = await s.member();
    const fresh = await today(late.token);
    expect(fresh.questions.map((x) => x.question).sort()).toEqual((await bank()).list.map((b) => b.question).sort());
    expect(fresh.questions.find((x) => x.question === NEW.question)).toMatchObject({ options: NEW.options, chosen: null, answer: null });
    expect(await answerOf(late.token, fresh.day, slotOf(fresh.questions, NEW.question), 2)).toMatchObject({ correct: true, explanation: NEW.explanation });
    expect(await answerOf(late.token, fresh.day, slotOf(fresh.questions, change.question), 0)).toMatchObject({ correct: false, answer: 1, explanation: null });

    expect(await lastAudit('promo.quiz.question.remove')).toMatchObject({ before: { no: expect.any(Number) }, after: null });
    // A number is never given twice, not even the highest's after it was removed.
    for (const no of [22, 23]) {
      expect((await as('/api/admin/promo/quiz/question/save', { siteId: 1, question: NEW })).data.no).toBe(no);
      expect((await as('/api/admin/promo/quiz/question/remove', { siteId: 1, no })).code).toBe(0);
    }
    const saves = (await as('/api/admin/audit/list', { action: 'promo.quiz.question.save', size: 4 })).data.list.slice(2);
    expect(saves).toMatchObject([
      { target: `site:1:quiz:question:${edited.no}`, before: { question: edited.question }, after: change },
      { target: 'site:1:quiz:question:21', before: null, after: { no: 21, ...NEW } },
    ]);
  });

  it('[admin] a bad question, an unknown one, a bank below the day’s count or a stale rules form are refused with their codes; nothing changes', async () => {
    const { list } = await bank();
    const before = await state();
    const save = (question: object, no?: number) => as('/api/admin/promo/quiz/question/save', { siteId: 1, no, question: { ...NEW, ...question } });
    const refusals: Array<[Promise<{ code: number; msg: string }>, number, string]> = [
      [save({ options: ['只有一个'], answer: 0 }), Errors.VALIDATION.code, 'question.options: 每题至少2个选项'],
      [save({ options: ['A', 'B', 'C', 'D', 'E'] }), Errors.VALIDATION.code, 'question.options: 每题最多4个选项'],
      [save({ answer: 3 }), Errors.VALIDATION.code, 'question.answer: 正确选项须为该题的一个选项'],
      [save({ answer: -1 }), Errors.VALIDATION.code, 'question.answer: 正确选项不能小于0'],
      [save({ question: '  ' }), Errors.VALIDATION.code, 'question.question: 请填写题目'],
      [save({ options: ['对', ' '] }), Errors.VALIDATION.code, 'question.options.1: 请填写选项'],
      [save({}, 999), Errors.QUIZ_QUESTION_NOT_FOUND.code, Errors.QUIZ_QUESTION_NOT_FOUND.msg],
      [as('/api/admin/promo/quiz/question/remove', { siteId: 1, no: 999 }), Errors.QUIZ_QUESTION_NOT_FOUND.code, Errors.QUIZ_QUESTION_NOT_FOUND.msg],
      [
        as('/api/admin/promo/quiz/question/remove', { siteId: 1, no: list[0].no }),
        Errors.QUIZ_BANK_BELOW_PER_DAY.code,
        '题库只有5道题，每日抽取5道，不能再删除；请先添加题目，或在活动规则中减少每日题数',
      ],
      [as('/api/admin/promo/quiz/question/list', { siteId: 99 }), Errors.SITE_NOT_FOUND.code, Errors.SITE_NOT_FOUND.msg],
    ];
    for (const [answer, code, msg] of refusals) expect(await answer.then((r) => [r.code, r.msg])).toEqual([code, msg]);

    // The rules form keeps the bank as stored, whatever questions it carries, and checks the day's count against it.
    const activityId = (await as('/api/admin/promo/activity/list', { siteId: 1 })).data.list.find((a: { kind: string }) => a.kind === 'quiz').activityId;
    const { rules } = (await as('/api/admin/promo/activity/rules', { siteId: 1, activityId })).data;
    const stale = { ...rules, config: { ...rules.config, perDay: 6, questions: [...rules.config.questions, { no: rules.config.nextNo - 1, ...NEW }] } };
    const tooMany = await as('/api/admin/promo/activity/rules/save', { siteId: 1, activityId, rules: stale });
    expect([tooMany.code, tooMany.msg, tooMany.data]).toEqual([
      Errors.VALIDATION.code,
      'rules.config.perDay: 每日题数不能超过题库题数',
      { field: 'rules.config.perDay' },
    ]);
    expect(await state()).toEqual(before);
    const saved = await as('/api/admin/promo/activity/rules/save', {
      siteId: 1,
      activityId,
      rules: { ...stale, title: '每日答题·新', config: { ...stale.config, perDay: 5 } },
    });
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data.rules).toMatchObject({ title: '每日答题·新', config: { perDay: 5, nextNo: 24, questions: rules.config.questions } });
    expect(saved.data.rules.config.questions).toHaveLength(5);
  });
});

describe('experts', () => {
  it('[admin] an expert added and edited, a pick of an open selection with its analysis: the member’s pages show them; audited', async () => {
    const demo = (await as('/api/admin/promo/expert/list', { siteId: 1 })).data.list;
    expect(demo.map((e: { name: string; auto: boolean }) => [e.name, e.auto])).toEqual([
      ['老K看球', true],
      ['大小球阿杰', true],
      ['让球研究所', true],
    ]);
    const expert = { name: '新锐专家', title: '英超专栏', bio: '专注英超，每周推荐。', badgeColor: '#0a7d5a', enabled: true };
    const made = await as('/api/admin/promo/expert/save', { siteId: 1, expert });
    expect(made.code, made.msg).toBe(0);
    expect(made.data).toMatchObject({ ...expert, badge: { text: '新', color: '#0a7d5a' }, auto: false, open: 0, record: { picks: 0, hitRate: null } });
    const { expertId } = made.data;

    const soon = await scriptMatch(s, { startInMs: 60_000, home: '早场主队', visit: '早场客队' });
    const pickable = (await as('/api/admin/promo/expert/pickable', { siteId: 1, sport: 'football' })).data.list;
    const match = pickable.find((m: { matchId: number }) => m.matchId === soon.matchId);
    expect(match.markets.map((m: { name: string }) => m.name)).toContain('全场独赢');
    const home = match.markets.find((m: { name: string }) => m.name === '全场独赢').selections[0];
    const pick = await as('/api/admin/promo/expert/pick/add', { siteId: 1, expertId, selectionId: home.selectionId, analysis: '主队近五场全胜，看好主胜。' });
    expect(pick.code, pick.msg).toBe(0);
    expect(pick.data).toMatchObject({
      selectionId: home.selectionId,
      selectionName: home.name,
      odds: home.odds,
      status: 'open',
      analysis: '主队近五场全胜，看好主胜。',
    });

    const listed = (await s.call('/api/activity/experts/list', {})).data.list.find((e: { expertId: number }) => e.expertId === expertId);
    expect(listed).toMatchObject({ name: '新锐专家', title: '英超专栏', badge: { text: '新', color: '#0a7d5a' } });
    expect(listed.open).toMatchObject([{ pickId: pick.data.pickId, match: { matchId: soon.matchId }, analysis: '主队近五场全胜，看好主胜。' }]);
    expect((await as('/api/admin/promo/expert/picks', { siteId: 1, expertId })).data.open).toMatchObject([{ pickId: pick.data.pickId }]);
    expect(await lastAudit('promo.expert.pick')).toMatchObject({
      target: `site:1:expert:${expertId}:pick:${pick.data.pickId}`,
      before: null,
      after: { expertId, matchId: soon.matchId, selectionId: home.selectionId },
    });

    const edited = await as('/api/admin/promo/expert/save', { siteId: 1, expertId, expert: { ...expert, name: '新锐专家二号', enabled: false } });
    expect(edited.data).toMatchObject({ name: '新锐专家二号', enabled: false, open: 1 });
    expect((await s.call('/api/activity/experts/list', {})).data.list.map((e: { expertId: number }) => e.expertId)).not.toContain(expertId);
    expect(await lastAudit('promo.expert.save')).toMatchObject({
      before: { name: '新锐专家', enabled: true },
      after: { name: '新锐专家二号', enabled: false },
    });
    expect((await as('/api/admin/promo/expert/switch', { siteId: 1, expertId, enabled: true })).data).toMatchObject({ enabled: true });
    expect((await s.call('/api/activity/experts/info', { expertId })).data.expert).toMatchObject({ name: '新锐专家二号' });
  });

  it('[admin] a closed selection, a second pick of a match, a taken name, a switched-off expert and bad input are refused; nothing changes', async () => {
    const [expert] = (await as('/api/admin/promo/expert/list', { siteId: 1 })).data.list;
    const input = { name: expert.name, title: expert.title, bio: expert.bio, badgeColor: expert.badgeColor, enabled: true };
    const other = (await as('/api/admin/promo/expert/list', { siteId: 2 })).data.list[0];
    const match = await scriptMatch(s, { startInMs: 120_000 });
    const draw = await match.sel('1x2', 'draw');
    expect((await as('/api/admin/promo/expert/pick/add', { siteId: 1, expertId: expert.expertId, selectionId: draw, analysis: '看平' })).code).toBe(0);
    const live = await scriptMatch(s, { startInMs: 60_000 });
    await goLive(s, live);
    const off = await as('/api/admin/promo/expert/save', {
      siteId: 1,
      expert: { name: '停用专家', title: '专栏', bio: '简介', badgeColor: '#123456', enabled: false },
    });
    const before = await state();
    const add = (body: object) =>
      as('/api/admin/promo/expert/pick/add', { siteId: 1, expertId: expert.expertId, selectionId: draw, analysis: '分析', ...body });
    const save = (body: object) =>
      as('/api/admin/promo/expert/save', { siteId: 1, expert: { name: '另一位', title: '专栏', bio: '简介', badgeColor: '#123456', enabled: true, ...body } });
    const refusals: Array<[Promise<{ code: number; msg: string }>, number, string]> = [
      [add({ selectionId: await match.sel('1x2', 'home') }), Errors.EXPERT_PICK_MADE.code, '该专家已推荐过这场赛事'],
      [add({ selectionId: await live.sel('1x2', 'home') }), Errors.EXPERT_PICK_CLOSED.code, '该选项已停止投注，不能推荐'],
      [add({ expertId: off.data.expertId }), Errors.EXPERT_DISABLED.code, Errors.EXPERT_DISABLED.msg],
      [add({ expertId: other.expertId }), Errors.EXPERT_NOT_FOUND.code, Errors.EXPERT_NOT_FOUND.msg],
      [add({ analysis: ' ' }), Errors.VALIDATION.code, 'analysis: 请填写推荐分析'],
      [save({ name: expert.name }), Errors.EXPERT_NAME_TAKEN.code, Errors.EXPERT_NAME_TAKEN.msg],
      [save({ badgeColor: 'red' }), Errors.VALIDATION.code, 'expert.badgeColor: 颜色须为 #RRGGBB 格式'],
      [save({ name: '' }), Errors.VALIDATION.code, 'expert.name: 请填写专家名称'],
      [save({ name: '名'.repeat(17) }), Errors.VALIDATION.code, 'expert.name: 专家名称最多16字'],
      [
        as('/api/admin/promo/expert/save', { siteId: 1, expertId: other.expertId, expert: { ...input, name: 'x' } }),
        Errors.EXPERT_NOT_FOUND.code,
        Errors.EXPERT_NOT_FOUND.msg,
      ],
      [as('/api/admin/promo/expert/switch', { siteId: 1, expertId: 99_999, enabled: false }), Errors.EXPERT_NOT_FOUND.code, Errors.EXPERT_NOT_FOUND.msg],
    ];
    for (const [answer, code, msg] of refusals) expect(await answer.then((r) => [r.code, r.msg])).toEqual([code, msg]);
    expect(await state()).toEqual(before);
  });
});

const sponsor = {
  name: '海港足球俱乐部',
  kind: 'club',
  badgeText: '海港',
  badgeColor: '#b01e2e',
  fromYear: 2025,
  toYear: null,
  summary: '年度官方合作俱乐部。',
  enabled: true,
};

describe('sponsors', () => {
  const memberList = async () => (await s.call('/api/activity/sponsors/list', {})).data.list as Array<{ sponsorId: number; name: string }>;

  it('[admin] a sponsor added, edited, hidden and put first: the member’s page follows; audited', async () => {
    const demo = (await as('/api/admin/promo/sponsor/list', { siteId: 1 })).data.list;
    expect(demo).toHaveLength(4);
    const made = await as('/api/admin/promo/sponsor/save', { siteId: 1, sponsor });
    expect(made.data).toMatchObject({ ...sponsor, sort: 5 });
    const { sponsorId } = made.data;
    expect((await memberList()).at(-1)).toMatchObject({
      sponsorId,
      name: '海港足球俱乐部',
      badge: { text: '海港', color: '#b01e2e' },
      fromYear: 2025,
      toYear: null,
    });

    await as('/api/admin/promo/sponsor/save', { siteId: 1, sponsorId, sponsor: { ...sponsor, kind: 'brand', toYear: 2026 } });
    expect((await memberList()).at(-1)).toMatchObject({ sponsorId, kind: 'brand', toYear: 2026 });
    expect(await lastAudit('promo.sponsor.save')).toMatchObject({
      target: `site:1:sponsor:${sponsorId}`,
      before: { kind: 'club', toYear: null },
      after: { kind: 'brand' },
    });

    const order = [sponsorId, ...demo.map((d: { sponsorId: number }) => d.sponsorId).reverse()];
    expect((await as('/api/admin/promo/sponsor/sort', { siteId: 1, sponsorIds: order })).data.list.map((x: { sponsorId: number }) => x.sponsorId)).toEqual(
      order,
    );
    expect((await memberList()).map((x) => x.sponsorId)).toEqual(order);
    expect(await lastAudit('promo.sponsor.sort')).toMatchObject({ before: [...demo.map((d: { sponsorId: number }) => d.sponsorId), sponsorId], after: order });

    expect((await as('/api/admin/promo/sponsor/switch', { siteId: 1, sponsorId, enabled: false })).data).toMatchObject({ enabled: false });
    expect((await memberList()).map((x) => x.sponsorId)).toEqual(order.slice(1));
    expect(await lastAudit('promo.sponsor.switch')).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
  });

  it('[admin] bad sponsors, another site’s sponsor and an order that leaves one out are refused; nothing changes', async () => {
    const ids = (await as('/api/admin/promo/sponsor/list', { siteId: 1 })).data.list.map((x: { sponsorId: number }) => x.sponsorId);
    const otherSite = (await as('/api/admin/promo/sponsor/list', { siteId: 2 })).data.list[0].sponsorId;
    const before = await state();
    const save = (body: object, sponsorId?: number) => as('/api/admin/promo/sponsor/save', { siteId: 1, sponsorId, sponsor: { ...sponsor, ...body } });
    const sort = (sponsorIds: number[]) => as('/api/admin/promo/sponsor/sort', { siteId: 1, sponsorIds });
    const refusals: Array<[Promise<{ code: number; msg: string }>, number, string]> = [
      [save({ toYear: 2020 }), Errors.VALIDATION.code, 'sponsor.toYear: 结束年份不能早于开始年份'],
      [save({ name: ' ' }), Errors.VALIDATION.code, 'sponsor.name: 请填写赞助伙伴名称'],
      [save({ badgeText: '五个字徽标' }), Errors.VALIDATION.code, 'sponsor.badgeText: 徽标文字最多4字'],
      [save({ badgeColor: '#12345' }), Errors.VALIDATION.code, 'sponsor.badgeColor: 颜色须为 #RRGGBB 格式'],
      [save({ kind: 'team' }), Errors.VALIDATION.code, 'sponsor.kind: 请选择类型'],
      [save({}, otherSite), Errors.SPONSOR_NOT_FOUND.code, Errors.SPONSOR_NOT_FOUND.msg],
      [as('/api/admin/promo/sponsor/switch', { siteId: 1, sponsorId: otherSite, enabled: false }), Errors.SPONSOR_NOT_FOUND.code, Errors.SPONSOR_NOT_FOUND.msg],
      [sort(ids.slice(1)), Errors.SPONSOR_ORDER_MISMATCH.code, Errors.SPONSOR_ORDER_MISMATCH.msg],
      [sort([...ids, ids[0]]), Errors.SPONSOR_ORDER_MISMATCH.code, Errors.SPONSOR_ORDER_MISMATCH.msg],
      [sort([...ids.slice(1), otherSite]), Errors.SPONSOR_ORDER_MISMATCH.code, Errors.SPONSOR_ORDER_MISMATCH.msg],
    ];
    for (const [answer, code, msg] of refusals) expect(await answer.then((r) => [r.code, r.msg])).toEqual([code, msg]);
    expect(await state()).toEqual(before);
  });
});

describe('who may', () => {
  it('[admin] a role without promo.manage and another site’s operator are refused every call of the three screens; nothing changes', async () => {
    const calls: Array<[string, object]> = [
      ['/api/admin/promo/quiz/question/list', { siteId: 1 }],
      ['/api/admin/promo/quiz/question/save', { siteId: 1, question: NEW }],
      ['/api/admin/promo/quiz/question/remove', { siteId: 1, no: 1 }],
      ['/api/admin/promo/expert/list', { siteId: 1 }],
      ['/api/admin/promo/expert/save', { siteId: 1, expert: { name: '越权专家', title: 'x', bio: 'x', badgeColor: '#123456', enabled: true } }],
      ['/api/admin/promo/expert/switch', { siteId: 1, expertId: 1, enabled: false }],
      ['/api/admin/promo/expert/picks', { siteId: 1, expertId: 1 }],
      ['/api/admin/promo/expert/pickable', { siteId: 1 }],
      ['/api/admin/promo/expert/pick/add', { siteId: 1, expertId: 1, selectionId: 1, analysis: 'x' }],
      ['/api/admin/promo/sponsor/list', { siteId: 1 }],
      ['/api/admin/promo/sponsor/save', { siteId: 1, sponsor }],
      ['/api/admin/promo/sponsor/switch', { siteId: 1, sponsorId: 1, enabled: false }],
      ['/api/admin/promo/sponsor/sort', { siteId: 1, sponsorIds: [1] }],
    ];
    const refused = await refusedOperators(s, 'promo.manage', 'content');
    const before = await state();
    const failures = await unrefused(s, refused, calls);
    expect(failures).toEqual([]);
    expect(await state()).toEqual(before);
  });
});
