import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DAY_MS, Errors, MemberTags, shanghaiDay, shanghaiMidnight } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';
import { memberChanged } from '../../platform/cache.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';
import { drawOrder, type QuizConfig } from './quiz.ts';

let s: TestServer;
let w: ReturnType<typeof caller>;
let bank: QuizConfig;
beforeAll(async () => {
  s = await startTestServer();
  w = caller(s);
  const { rows } = await s.deps.db.execute(sql`SELECT config FROM promo_activities WHERE site_id = 1 AND kind = 'quiz'`);
  bank = (rows[0] as { config: QuizConfig }).config;
});
afterEach(() => clock.reset());
afterAll(async () => {
  await expectLedgerSound(s);
  await s.close();
});

interface Question {
  slot: number;
  question: string;
  options: string[];
  chosen: number | null;
  answer: number | null;
  explanation: string | null;
}
const config = async (token: string) =>
  (await s.call('/api/activity/quiz/config', {}, { token })).data as { day: string; questions: Question[]; right: number; result: unknown };
const answer = (token: string, body: Record<string, unknown>, key?: string) => w.move('/api/activity/quiz/answer', body, token, key);
/** The bank's right option of a question shown to the member (the test reads the operator's config). */
const rightOf = (q: Question) => bank.questions.find((b) => b.question === q.question)!.answer;
const wrongOf = (q: Question) => (rightOf(q) + 1) % q.options.length;
const records = async (token: string) => (await s.call('/api/activity/quiz/records', { page: 1, size: 10 }, { token })).data;
const toNextShanghaiDay = (ms: number) => clock.shift(shanghaiMidnight(clock.now()) + DAY_MS + ms - clock.now());

describe('quiz', () => {
  it('[S7-15] draws 5 questions per member and Shanghai day, the same on every read, by a recorded seed; no right answer before answering', async () => {
    const [a, b] = [await s.member(), await s.member()];
    const reads = await Promise.all(Array.from({ length: 5 }, () => config(a.token)));
    expect(new Set(reads.map((r) => JSON.stringify(r.questions))).size).toBe(1);
    const first = reads[0];
    expect(first.day).toBe(shanghaiDay(clock.now()));
    expect(first.questions.map((q) => q.slot)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(first.questions.map((q) => q.question)).size).toBe(5);
    for (const q of first.questions) expect(q).toMatchObject({ chosen: null, answer: null, explanation: null });
    // The answer key is nowhere in what the member is sent.
    const sent = JSON.stringify(await s.call('/api/activity/quiz/config', {}, { token: a.token }));
    expect(sent).not.toMatch(/"answer":\d|"explanation":"/);
    for (const q of first.questions) expect(sent).not.toContain(bank.questions.find((b) => b.question === q.question)!.explanation);

    const { rows } = await s.deps.db.execute(sql`SELECT seed, question_nos FROM promo_quiz_days WHERE member_id = ${a.memberId}`);
    const day = rows[0] as { seed: string; question_nos: number[] };
    expect(rows).toHaveLength(1);
    expect(day.seed).toMatch(/^[0-9a-f]{32}$/);
    const recalled = drawOrder(
      day.seed,
      bank.questions.map((q) => q.no),
      5,
    );
    expect(recalled).toEqual(day.question_nos);
    expect(first.questions.map((q) => q.question)).toEqual(recalled.map((no) => bank.questions.find((q) => q.no === no)!.question));
    // Another member has a draw of their own.
    expect((await config(b.token)).questions.map((q) => q.question)).not.toEqual(first.questions.map((q) => q.question));
  });

  it('[S7-15] checks each answer on the server, once; the last answer pays by right answers, received once of 50 at once, listed in the welfare centre', async () => {
    const m = await s.member();
    const { day, questions } = await config(m.token);
    // Four right, one wrong: 4 right pays 5 元.
    const wrong = questions[2];
    const races = await Promise.all(
      Array.from({ length: 10 }, (_, i) => answer(m.token, { day, slot: wrong.slot, option: i % 2 ? wrongOf(wrong) : rightOf(wrong) })),
    );
    const won = races.filter((r) => r.code === 0);
    expect(won).toHaveLength(1);
    for (const r of races.filter((x) => x.code !== 0)) expect([Errors.QUIZ_ANSWERED.code, Errors.HIGH_TRAFFIC.code]).toContain(r.code);
    const wrongChosen = won[0].data.chosen as number;
    const firstRight = wrongChosen === rightOf(wrong);
    expect(won[0].data).toMatchObject({ slot: wrong.slot, answer: rightOf(wrong), correct: firstRight, result: null });
    expect(won[0].data.explanation).toBeTruthy();

    const key = newKey();
    const one = await answer(m.token, { day, slot: 1, option: wrongOf(questions[0]) }, key);
    expect(one.data).toMatchObject({ correct: false, answer: rightOf(questions[0]) });
    // The same key answers the first result; another answer of the slot is refused.
    expect(await answer(m.token, { day, slot: 1, option: wrongOf(questions[0]) }, key)).toMatchObject({ code: 0, data: one.data });
    expect((await answer(m.token, { day, slot: 1, option: rightOf(questions[0]) })).code).toBe(Errors.QUIZ_ANSWERED.code);

    const seen = await config(m.token);
    expect(seen.questions[0]).toMatchObject({ chosen: wrongOf(questions[0]), answer: rightOf(questions[0]) });
    expect(seen.questions[3]).toMatchObject({ chosen: null, answer: null });
    expect(seen.result).toBeNull();

    const rest = await Promise.all([4, 5].map((slot) => answer(m.token, { day, slot, option: rightOf(questions[slot - 1]) })));
    expect(rest.map((r) => r.code)).toEqual([0, 0]);
    const last = await answer(m.token, { day, slot: 2, option: rightOf(questions[1]) });
    const right = 3 + (firstRight ? 1 : 0);
    const amount = { 3: 2, 4: 5 }[right]!;
    expect(last.data.result).toMatchObject({ prize: { kind: 'money', amount, name: `答题答对${right}题奖金` } });
    expect(await config(m.token)).toMatchObject({ right, result: last.data.result });

    const [record] = (await records(m.token)).list;
    expect(record).toMatchObject({ recordId: last.data.result.recordId, status: 'pending', detail: { day, right, of: 5 } });
    const welfare = (await s.call('/api/member/welfare/list', {}, { token: m.token })).data.list as Array<{ amount: number; title: string; multiple: number }>;
    expect(welfare).toContainEqual(expect.objectContaining({ amount, title: `每日答题：答题答对${right}题奖金`, multiple: 1 }));

    const receives = await Promise.all(Array.from({ length: 50 }, () => w.move('/api/activity/quiz/receive', { recordId: record.recordId }, m.token)));
    expect(receives.filter((r) => r.code === 0).map((r) => r.data)).toEqual([{ amount, main: amount }]);
    for (const r of receives.filter((x) => x.code !== 0)) expect([Errors.PRIZE_RECEIVED.code, Errors.HIGH_TRAFFIC.code]).toContain(r.code);
    expect((await w.balance(m.token)).main).toBe(amount);
    expect((await records(m.token)).list).toHaveLength(1);
  });

  it('[S7-15] all five right pays the top tier; none right writes no prize', async () => {
    const [best, worst] = [await s.member(), await s.member()];
    for (const [m, pickOf] of [
      [best, rightOf],
      [worst, wrongOf],
    ] as const) {
      const { day, questions } = await config(m.token);
      for (const q of questions) expect((await answer(m.token, { day, slot: q.slot, option: pickOf(q) })).code).toBe(0);
    }
    expect((await config(best.token)).result).toMatchObject({ prize: { kind: 'money', amount: 10 } });
    expect((await config(worst.token)).result).toMatchObject({ prize: { kind: 'none', amount: 0 } });
    expect((await records(worst.token)).list[0]).toMatchObject({ status: 'none' });
  });

  it("[S7-15] a day's questions are answered that Shanghai day: after 00:00 they are refused and a new set is drawn", async () => {
    const member = await s.member();
    toNextShanghaiDay(-5_000); // 23:59:55 in Shanghai
    // Sessions end at 22:00: sign in again after the clock moved.
    const m = { token: await w.login(member) };
    const before = await config(m.token);
    expect((await answer(m.token, { day: before.day, slot: 1, option: 0 })).code).toBe(0);
    clock.shift(6_000); // 00:00:01 the next day
    const refused = await answer(m.token, { day: before.day, slot: 2, option: 0 });
    expect(refused.code).toBe(Errors.QUIZ_DAY_OVER.code);
    expect(refused.msg).toBe(Errors.QUIZ_DAY_OVER.msg);
    const after = await config(m.token);
    expect(after.day).toBe(shanghaiDay(clock.now()));
    expect(after.day).not.toBe(before.day);
    expect(after.questions.every((q) => q.chosen === null)).toBe(true);
    // A day not yet come has no questions.
    expect((await answer(m.token, { day: shanghaiDay(clock.now() + DAY_MS), slot: 1, option: 0 })).code).toBe(Errors.QUIZ_NO_QUESTION.code);
    expect((await answer(m.token, { day: after.day, slot: 1, option: 0 })).code).toBe(0);
  });

  it('[S7-15] bad answers are refused with their codes and change nothing', async () => {
    const m = await s.member();
    const { day, questions } = await config(m.token);
    for (const body of [{ day, slot: 1, option: 4 }, { day, slot: 0, option: 0 }, { day: '2026/01/01', slot: 1, option: 0 }, { day, slot: 1 }, {}])
      expect((await answer(m.token, body)).code).toBe(Errors.VALIDATION.code);
    expect((await answer(m.token, { day, slot: 6, option: 0 })).code).toBe(Errors.QUIZ_NO_QUESTION.code);
    const three = questions.find((q) => q.options.length === 3)!;
    expect((await answer(m.token, { day, slot: three.slot, option: 3 })).code).toBe(Errors.QUIZ_BAD_OPTION.code);
    // A member who never opened the quiz has no question to answer.
    expect((await answer((await s.member()).token, { day, slot: 1, option: 0 })).code).toBe(Errors.QUIZ_NO_QUESTION.code);
    expect((await config(m.token)).questions.every((q) => q.chosen === null)).toBe(true);
    expect((await s.call('/api/activity/quiz/config', {})).code).toBe(Errors.AUTH_INVALID.code);
  });

  it('[S3-23] [S7-15] a member tagged activity_blacklist is kept out of the quiz', async () => {
    const m = await s.member();
    const { day } = await config(m.token);
    await s.deps.db.execute(sql`UPDATE members SET tags = ARRAY[${MemberTags.ACTIVITY_BLACKLIST}]::text[] WHERE member_id = ${m.memberId}`);
    memberChanged(m.memberId);
    expect((await s.call('/api/activity/quiz/config', {}, { token: m.token })).code).toBe(Errors.ACTIVE_BLACKLIST.code);
    expect((await answer(m.token, { day, slot: 1, option: 0 })).code).toBe(Errors.ACTIVE_BLACKLIST.code);
    expect((await s.call('/api/activity/quiz/records', { page: 1, size: 10 }, { token: m.token })).code).toBe(Errors.ACTIVE_BLACKLIST.code);
    const { rows } = await s.deps.db.execute(sql`SELECT count(*)::int AS n FROM promo_quiz_answers WHERE member_id = ${m.memberId} AND chosen IS NOT NULL`);
    expect(rows[0]).toEqual({ n: 0 });
  });
});
