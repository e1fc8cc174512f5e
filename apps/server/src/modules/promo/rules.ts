import { sql } from 'drizzle-orm';
import { ACTIVITY_RULES, fromMinor, toMinor, type ActivityRules } from '@bp/contract';
import { oneOf, type Db, type DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { kindConfig, type ActivityRow } from './activities.ts';
import { prizesOf } from './draw.ts';

/**
 * The operator's rules of an activity (issue 15): window, budget, eligibility and the kind's config,
 * checked by the contract's schema of its kind before they reach here; and, for a drawn kind, its
 * prizes. What members read next is these rules: nothing caches them.
 */

const rowOf = (db: DbOrTx, siteId: number, activityId: number, lock = false) =>
  oneOf<ActivityRow>(db, sql`SELECT * FROM promo_activities WHERE activity_id = ${activityId} AND site_id = ${siteId} ${lock ? sql`FOR UPDATE` : sql``}`);

const drawsPrizes = (a: ActivityRow) => 'prizes' in ACTIVITY_RULES[a.kind];

/** The activity's rules as the operator edits them, with what it paid and each prize's draws. */
export async function rulesForOperator(db: DbOrTx, siteId: number, activityId: number) {
  const a = (await rowOf(db, siteId, activityId)) ?? fail('ACTIVITY_NOT_FOUND');
  const prizes = drawsPrizes(a) ? await prizesOf(db, a) : [];
  return {
    activityId: a.activity_id,
    spent: fromMinor(a.spent_minor),
    won: prizes.map((p) => ({ prizeNo: p.prize_no, won: p.won })),
    rules: {
      kind: a.kind,
      title: a.title,
      startAt: new Date(a.start_at).getTime(),
      endAt: new Date(a.end_at).getTime(),
      budget: a.budget_minor === null ? null : fromMinor(a.budget_minor),
      config: ACTIVITY_RULES[a.kind].config.parse(a.config),
      ...(drawsPrizes(a)
        ? {
            prizes: prizes.map((p) => ({
              prizeNo: p.prize_no,
              kind: p.kind,
              amountMinor: String(p.amount_minor),
              name: p.name,
              weight: p.weight,
              stock: p.stock,
            })),
          }
        : {}),
    } as ActivityRules,
  };
}

type Prize = NonNullable<ActivityRules['prizes']>[number];

/**
 * Replaces a drawn activity's prizes, each keeping what it was won (by its number): a stock below
 * that is refused; a prize left out is removed (the records keep its name and amount).
 */
async function replacePrizes(tx: DbOrTx, a: ActivityRow, prizes: Prize[]): Promise<void> {
  const won = new Map((await prizesOf(tx, a)).map((p) => [p.prize_no, p.won]));
  for (const p of prizes) {
    const w = won.get(p.prizeNo) ?? 0;
    if (p.stock !== null && p.stock < w) fail('PRIZE_STOCK_BELOW_WON', { msg: `奖品${p.prizeNo}「${p.name}」已抽中${w}个，库存不能低于${w}` });
  }
  await tx.execute(
    sql`DELETE FROM promo_prizes WHERE activity_id = ${a.activity_id} AND NOT (prize_no = ANY(${`{${prizes.map((p) => p.prizeNo).join(',')}}`}::int[]))`,
  );
  for (const p of prizes) {
    await tx.execute(sql`
      INSERT INTO promo_prizes (activity_id, prize_no, kind, amount_minor, name, weight, stock)
      VALUES (${a.activity_id}, ${p.prizeNo}, ${p.kind}, ${p.amountMinor}::bigint, ${p.name}, ${p.weight}, ${p.stock})
      ON CONFLICT (activity_id, prize_no) DO UPDATE SET kind = EXCLUDED.kind, amount_minor = EXCLUDED.amount_minor, name = EXCLUDED.name,
        weight = EXCLUDED.weight, stock = EXCLUDED.stock`);
  }
}

/**
 * The config to store: a quiz keeps its bank as stored (the bank has its own screen and calls, so
 * a rules form opened before a question was added cannot take it away), checked again with it.
 */
function configToStore(a: ActivityRow, rules: ActivityRules): ActivityRules['config'] {
  if (rules.kind !== 'quiz') return rules.config;
  const { questions, nextNo } = kindConfig(a, 'quiz');
  const parsed = ACTIVITY_RULES.quiz.config.safeParse({ ...rules.config, questions, nextNo });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = ['rules', 'config', ...(issue?.path ?? [])].join('.');
  return fail('VALIDATION', { msg: `${field}: ${issue?.message}`, data: { field } });
}

/**
 * Saves an activity's rules at once (under its lock, as draws take it; a quiz's bank kept as
 * stored): refused when they are of another kind, when the budget is below what it already paid, or
 * a stock below what was won.
 */
export async function saveRules(db: Db, siteId: number, activityId: number, rules: ActivityRules) {
  await db.transaction(async (tx) => {
    const a = (await rowOf(tx, siteId, activityId, true)) ?? fail('ACTIVITY_NOT_FOUND');
    if (a.kind !== rules.kind) fail('ACTIVITY_KIND_MISMATCH');
    const budgetMinor = rules.budget === null ? null : toMinor(rules.budget);
    if (budgetMinor !== null && budgetMinor < BigInt(a.spent_minor)) {
      fail('ACTIVITY_BUDGET_BELOW_SPENT', { msg: `活动预算不能低于已发放的 ${fromMinor(a.spent_minor)}` });
    }
    const config = configToStore(a, rules);
    if (drawsPrizes(a)) await replacePrizes(tx, a, rules.prizes ?? []);
    await tx.execute(sql`
      UPDATE promo_activities SET title = ${rules.title}, start_at = ${new Date(rules.startAt)}, end_at = ${new Date(rules.endAt)},
        budget_minor = ${budgetMinor}, config = ${JSON.stringify(config)}::jsonb
      WHERE activity_id = ${activityId}`);
  });
  return rulesForOperator(db, siteId, activityId);
}
