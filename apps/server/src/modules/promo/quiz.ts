import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { shanghaiDay, type ActivityConfigOf } from '@bp/contract';
import { oneOf, rowsOf, type Db, type DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { once, type IdempotencyKey } from '../../platform/idempotency.ts';
import { clock } from '../../platform/clock.ts';
import type { WalletOwner } from '../wallet/index.ts';
import { budgetLeft, head, kindConfig, money, openActivity, spend, type ActivityRow } from './activities.ts';
import { NO_PRIZE, prizeView, writeRecord, type PrizeWon } from './records.ts';

/**
 * Quiz (答题): each Asia/Shanghai day a member's questions are drawn from the operator's bank by a
 * seed from the CSPRNG (kept with the day's set, so the draw can be recalled: drawOrder(seed)), each
 * kept as drawn: the operator's later edits and removals reach the next draws, never a day already
 * drawn (its questions shown, answered and judged as they were). A question's right option leaves
 * the server only once the member answered it, once. The day's last answer writes its prize (the
 * best tier of right answers reached) as a record (ref 'quiz:<day>'), a bonus of the bonus engine
 * received like the others.
 */
export type QuizQuestionConfig = QuizConfig['questions'][number];
export type QuizConfig = ActivityConfigOf<'quiz'>;
/** A question as a member's day keeps it. */
type DrawnQuestion = Omit<QuizQuestionConfig, 'no'>;

const configOf = (a: ActivityRow) => kindConfig(a, 'quiz');

export function quizRules(a: ActivityRow, currency: string): string[] {
  const c = configOf(a);
  const tiers = [...c.tiers].sort((x, y) => x.right - y.right);
  return [
    `每日（北京时间）从题库随机抽取${c.perDay}道足球、篮球规则题，每题只能回答一次，当日题目当日作答有效。`,
    `答完当日全部题目后按答对题数发奖：${tiers.map((t) => `答对${t.right}题得${money(t.amountMinor, currency)}`).join('，')}，每日一次。`,
    `奖金在本页记录或福利中心领取，需完成${c.multipleX100 / 100}倍有效流水方可提款。`,
  ];
}

/**
 * The bank's question numbers a seed draws, in order: a Fisher-Yates shuffle whose i-th swap is
 * SHA-256(seed:i) modulo what is left (a 64-bit value: the modulo's bias is below 2^-50).
 */
export function drawOrder(seed: string, bankNos: number[], count: number): number[] {
  const nos = [...bankNos];
  const n = Math.min(count, nos.length);
  for (let i = 0; i < n; i++) {
    const digest = createHash('sha256').update(`${seed}:${i}`).digest();
    const j = i + Number(digest.readBigUInt64BE(0) % BigInt(nos.length - i));
    [nos[i], nos[j]] = [nos[j], nos[i]];
  }
  return nos.slice(0, n);
}

interface AnswerRow {
  slot: number;
  question_no: number;
  chosen: number | null;
  correct: boolean | null;
  /** Null only for a day drawn before migration 0163 whose question had already left the bank. */
  question: DrawnQuestion | null;
}

const answersOf = (db: DbOrTx, a: ActivityRow, memberId: number, day: string) =>
  rowsOf<AnswerRow>(
    db,
    sql`SELECT slot, question_no, chosen, correct, question FROM promo_quiz_answers
        WHERE activity_id = ${a.activity_id} AND member_id = ${memberId} AND day = ${day} ORDER BY slot`,
  );

/** The member's questions of `day`, drawn on the first read (of concurrent first reads one draws, the others read it). */
async function daySet(db: Db, a: ActivityRow, memberId: number, day: string): Promise<AnswerRow[]> {
  const drawn = await answersOf(db, a, memberId, day);
  if (drawn.length > 0) return drawn;
  const c = configOf(a);
  const bank = new Map(c.questions.map(({ no, ...q }) => [no, q]));
  const seed = randomBytes(16).toString('hex');
  const nos = drawOrder(
    seed,
    c.questions.map((q) => q.no),
    c.perDay,
  );
  await db.transaction(async (tx) => {
    const won = await oneOf(
      tx,
      sql`INSERT INTO promo_quiz_days (activity_id, member_id, day, seed, question_nos, created_at)
          VALUES (${a.activity_id}, ${memberId}, ${day}, ${seed}, ${JSON.stringify(nos)}::jsonb, ${new Date(clock.now())})
          ON CONFLICT DO NOTHING RETURNING day`,
    );
    if (!won || nos.length === 0) return;
    const rows = nos.map(
      (no, i) => sql`(${a.activity_id}::int, ${memberId}::bigint, ${day}::text, ${i + 1}::smallint, ${no}::int, ${JSON.stringify(bank.get(no))}::jsonb)`,
    );
    await tx.execute(sql`INSERT INTO promo_quiz_answers (activity_id, member_id, day, slot, question_no, question) VALUES ${sql.join(rows, sql`, `)}`);
  });
  return answersOf(db, a, memberId, day);
}

/** A drawn question as the member's day keeps it (a day drawn before migration 0163 without it: as the bank has it). */
const drawnOf = (c: QuizConfig, r: AnswerRow): DrawnQuestion | undefined => r.question ?? c.questions.find((q) => q.no === r.question_no);

/** The day's prize once every question is answered: the best tier the right answers reach. */
function prizeOf(c: QuizConfig, right: number): PrizeWon {
  const best = c.tiers.filter((t) => right >= t.right).sort((x, y) => y.right - x.right)[0];
  return best && BigInt(best.amountMinor) > 0n ? { kind: 'money', amountMinor: BigInt(best.amountMinor), name: `答题答对${right}题奖金` } : NO_PRIZE;
}

const resultOf = async (db: DbOrTx, a: ActivityRow, memberId: number, day: string) => {
  const r = await oneOf<{ record_id: string; prize_kind: PrizeWon['kind']; prize_name: string; amount_minor: string }>(
    db,
    sql`SELECT record_id, prize_kind, prize_name, amount_minor FROM promo_records WHERE activity_id = ${a.activity_id} AND member_id = ${memberId} AND ref = ${`quiz:${day}`}`,
  );
  return r ? { recordId: Number(r.record_id), prize: prizeView({ kind: r.prize_kind, amountMinor: r.amount_minor, name: r.prize_name }) } : null;
};

export async function quizConfig(db: Db, owner: WalletOwner, currency: string) {
  const a = await openActivity(db, owner.siteId, 'quiz');
  const c = configOf(a);
  const day = shanghaiDay(clock.now());
  const set = await daySet(db, a, owner.memberId, day);
  return {
    ...head(a, quizRules(a, currency)),
    day,
    questions: set.flatMap((r) => {
      const q = drawnOf(c, r);
      if (!q) return [];
      const answered = r.chosen !== null;
      return [
        {
          slot: r.slot,
          question: q.question,
          options: q.options,
          chosen: r.chosen,
          answer: answered ? q.answer : null,
          explanation: answered ? (q.explanation ?? null) : null,
        },
      ];
    }),
    right: set.filter((r) => r.correct).length,
    tiers: [...c.tiers].sort((x, y) => x.right - y.right).map((t) => ({ right: t.right, prize: prizeView(prizeOf(c, t.right)) })),
    result: await resultOf(db, a, owner.memberId, day),
    multiple: c.multipleX100 / 100,
  };
}

/** One answer of one of today's questions, once; the day's last one writes the prize (within the budget). */
export function answerQuestion(db: Db, owner: WalletOwner, key: IdempotencyKey, body: { day: string; slot: number; option: number }) {
  return once(db, owner.memberId, key, body, async (tx) => {
    let a = await openActivity(tx, owner.siteId, 'quiz');
    const today = shanghaiDay(clock.now());
    if (body.day < today) return fail('QUIZ_DAY_OVER');
    const row = body.day === today ? (await answersOf(tx, a, owner.memberId, today)).find((r) => r.slot === body.slot) : undefined;
    const q = row && drawnOf(configOf(a), row);
    if (!row || !q) return fail('QUIZ_NO_QUESTION');
    if (body.option >= q.options.length) return fail('QUIZ_BAD_OPTION');
    const correct = body.option === q.answer;
    const answered = await oneOf(
      tx,
      sql`UPDATE promo_quiz_answers SET chosen = ${body.option}, correct = ${correct}, answered_at = ${new Date(clock.now())}
          WHERE activity_id = ${a.activity_id} AND member_id = ${owner.memberId} AND day = ${today} AND slot = ${body.slot} AND chosen IS NULL
          RETURNING slot`,
    );
    if (!answered) return fail('QUIZ_ANSWERED');
    // The activity's lock (its budget) before counting: of two last answers at once, the later sees both.
    a = await openActivity(tx, owner.siteId, 'quiz', true);
    const set = await answersOf(tx, a, owner.memberId, today);
    let result = null;
    if (set.every((r) => r.chosen !== null)) {
      const c = configOf(a);
      const right = set.filter((r) => r.correct).length;
      const earned = prizeOf(c, right);
      const left = budgetLeft(a);
      const prize = left === null || left >= earned.amountMinor ? earned : NO_PRIZE;
      const seed = await oneOf<{ seed: string }>(
        tx,
        sql`SELECT seed FROM promo_quiz_days WHERE activity_id = ${a.activity_id} AND member_id = ${owner.memberId} AND day = ${today}`,
      );
      const recordId = await writeRecord(tx, a, owner, {
        ref: `quiz:${today}`,
        prize,
        multipleX100: c.multipleX100,
        detail: { day: today, right, of: set.length, seed: seed?.seed ?? '' },
      });
      if (recordId !== null) {
        await spend(tx, a, prize.amountMinor);
        result = { recordId, prize: prizeView(prize) };
      }
    }
    return { slot: body.slot, chosen: body.option, answer: q.answer, correct, explanation: q.explanation ?? null, result };
  });
}
