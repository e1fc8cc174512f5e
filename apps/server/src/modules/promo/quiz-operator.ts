import { sql } from 'drizzle-orm';
import { ACTIVITY_RULES, QUIZ_BANK_MAX, type QuizQuestionInput } from '@bp/contract';
import { oneOf, type Db, type DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { kindConfig, type ActivityRow } from './activities.ts';
import type { QuizConfig, QuizQuestionConfig } from './quiz.ts';

/**
 * The operator's quiz bank (issues 15, 17): the questions live in the site's quiz activity's config,
 * each numbered; a change is checked by the quiz's schema as a whole (ACTIVITY_RULES.quiz) and
 * stored under the activity's lock, as the rules editor and the last answer of a day take it. A
 * member's day already drawn keeps its questions as drawn (quiz.ts); the next draws read the bank.
 */

const quizOf = (db: DbOrTx, siteId: number, lock = false) =>
  oneOf<ActivityRow>(db, sql`SELECT * FROM promo_activities WHERE site_id = ${siteId} AND kind = 'quiz' ${lock ? sql`FOR UPDATE` : sql``}`);

const view = (q: QuizQuestionConfig) => ({ no: q.no, question: q.question, options: q.options, answer: q.answer, explanation: q.explanation ?? '' });

/** The site's quiz bank, in the order it was written, with how many a member is drawn a day. */
export async function quizBankForOperator(db: DbOrTx, siteId: number) {
  const a = (await quizOf(db, siteId)) ?? fail('ACTIVITY_NOT_FOUND');
  const c = kindConfig(a, 'quiz');
  return { activityId: a.activity_id, title: a.title, perDay: c.perDay, list: c.questions.map(view) };
}

/** One question of the bank; refused when the bank has no such number. */
export async function quizQuestionForOperator(db: DbOrTx, siteId: number, no: number) {
  const q = (await quizBankForOperator(db, siteId)).list.find((x) => x.no === no);
  return q ?? fail('QUIZ_QUESTION_NOT_FOUND');
}

/**
 * The bank changed by `change` and stored at once, checked by the quiz's schema (the rest of the
 * config kept). `change` gets the number a question added takes: past every number the bank has
 * held (config.nextNo, kept past the highest even when that one is removed), so none is given twice.
 */
function changeBank(db: Db, siteId: number, change: (c: QuizConfig, nextNo: number) => QuizQuestionConfig[]): Promise<void> {
  return db.transaction(async (tx) => {
    const a = (await quizOf(tx, siteId, true)) ?? fail('ACTIVITY_NOT_FOUND');
    const c = kindConfig(a, 'quiz');
    const next = Math.max(c.nextNo ?? 1, ...c.questions.map((q) => q.no + 1));
    const questions = change(c, next);
    const parsed = ACTIVITY_RULES.quiz.config.safeParse({ ...c, questions, nextNo: Math.max(next, ...questions.map((q) => q.no + 1)) });
    if (!parsed.success) fail('VALIDATION', { msg: parsed.error.issues[0]?.message });
    await tx.execute(sql`UPDATE promo_activities SET config = ${JSON.stringify(parsed.data)}::jsonb WHERE activity_id = ${a.activity_id}`);
  });
}

const written = (no: number, q: QuizQuestionInput): QuizQuestionConfig => ({
  no,
  question: q.question,
  options: q.options,
  answer: q.answer,
  ...(q.explanation ? { explanation: q.explanation } : {}),
});

/** Adds a question (under the next number) or changes question `no`; answers it as saved. */
export async function saveQuizQuestion(db: Db, siteId: number, no: number | undefined, q: QuizQuestionInput) {
  let saved: QuizQuestionConfig | undefined;
  await changeBank(db, siteId, (c, nextNo) => {
    if (no === undefined) {
      if (c.questions.length >= QUIZ_BANK_MAX) fail('QUIZ_BANK_FULL');
      saved = written(nextNo, q);
      return [...c.questions, saved];
    }
    if (!c.questions.some((x) => x.no === no)) fail('QUIZ_QUESTION_NOT_FOUND');
    saved = written(no, q);
    return c.questions.map((x) => (x.no === no ? saved! : x));
  });
  return view(saved!);
}

/** Removes question `no`; refused when the bank would hold fewer questions than a member is drawn a day. */
export async function removeQuizQuestion(db: Db, siteId: number, no: number): Promise<null> {
  await changeBank(db, siteId, (c) => {
    if (!c.questions.some((x) => x.no === no)) fail('QUIZ_QUESTION_NOT_FOUND');
    if (c.questions.length - 1 < c.perDay) {
      fail('QUIZ_BANK_BELOW_PER_DAY', {
        msg: `题库只有${c.questions.length}道题，每日抽取${c.perDay}道，不能再删除；请先添加题目，或在活动规则中减少每日题数`,
      });
    }
    return c.questions.filter((x) => x.no !== no);
  });
  return null;
}
