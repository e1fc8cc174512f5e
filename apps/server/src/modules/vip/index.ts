import { sql } from 'drizzle-orm';
import type { Module } from '../../platform/deps.ts';
import { oneOf } from '../../platform/db/index.ts';
import { clock } from '../../platform/clock.ts';
import { addStakeRule, whenBetSettled } from '../sports/index.ts';
import { addRoundStakeRule, whenRoundPlayed } from '../casino/index.ts';
import { addBonusForfeit, addWithdrawTerms, walletOwner } from '../wallet/index.ts';
import { vipRoutes } from './routes.ts';
import { seedGrades } from './demo.ts';
import { startVipJobs } from './jobs.ts';
import { recordRounds, recordSportsTurnover } from './turnover.ts';
import { refreshStanding } from './standing.ts';
import { bonusTurnoverSince } from './bonuses.ts';
import { forfeitWagering, wagerStakeRead, wagerStakeRefusals, wagerStakeRefusalsOf, wagerTerms } from './wagering.ts';

/**
 * VIP grades, valid turnover, the bonus engine and rebates (issue 15). Valid turnover is recorded
 * from the sportsbook's settlements (after each, and a day's catch-up before its rebate) and the
 * casino's rounds (inside each round's transaction); a member's level follows their deposits and
 * valid turnover, and the auth module's vipLevel is set through its index. Every bonus is granted
 * and paid through bonuses.ts; the wallet asks us for the turnover bonuses require and the level's
 * withdrawal limit (addWithdrawTerms); bonus wagering (wagering.ts) limits stakes through the
 * sportsbook's and the casino's hooks and is forfeited through the wallet's (addBonusForfeit).
 */
export { computeRebates } from './rebate.ts';
export { runDuePeriods, closeDay } from './jobs.ts';
export { reviewMonth, reviewUpgrades, refreshStanding } from './standing.ts';
export { grantPeriodBonus } from './periodic.ts';
/** The bonus engine for the promo module's prizes and deposit bonuses. */
export { grantBonus, payBonus, bonusStatuses, statusOf as bonusStatusOf, type BonusGrant } from './bonuses.ts';
export { validTurnoverSince, validTurnoversSince, dailyValidTurnovers } from './turnover.ts';
export { lapseDueWagering, WAGER_DAYS } from './wagering.ts';
/** The operator's levers (the back office calls these): a site's grade table. */
export { gradesForOperator, saveGrade } from './grade-admin.ts';

whenBetSettled(async (deps, settled) => {
  const members = await recordSportsTurnover(deps.db, { orderIds: [settled.event.orderId] });
  if (members.length > 0) await refreshStanding(deps.db, walletOwner(settled.owner, settled.owner.memberId));
});
whenRoundPlayed(async (tx, rounds) => {
  const unchecked = rounds.filter((r) => !r.stakeChecked);
  if (unchecked.length) {
    const refusal = (await wagerStakeRefusals(tx, unchecked)).find((r) => r !== null);
    if (refusal) throw refusal;
  }
  await recordRounds(tx, rounds, new Date(clock.now()));
});
addRoundStakeRule((tx, stakes) => wagerStakeRefusals(tx, stakes));
addStakeRule({ read: wagerStakeRead, refusals: wagerStakeRefusalsOf });
addBonusForfeit((tx, owner) => forfeitWagering(tx, owner));
addWithdrawTerms(async (tx, owner, since) => {
  const grade = await oneOf<{ withdraw_max_minor: string }>(
    tx,
    sql`
    SELECT g.withdraw_max_minor FROM vip_grades g LEFT JOIN vip_members m ON m.member_id = ${owner.memberId}
    WHERE g.site_id = ${owner.siteId} AND g.vip_level = coalesce(m.vip_level, 0)`,
  );
  const wager = await wagerTerms(tx, owner.memberId);
  return {
    turnoverMinor: await bonusTurnoverSince(tx, owner.memberId, since),
    maxMinor: grade ? BigInt(grade.withdraw_max_minor) : null,
    wagerRemainingMinor: wager.remainingMinor,
    forfeitMinor: wager.forfeitMinor,
  };
});

export const vipModule: Module = {
  name: 'vip',
  install(app, deps) {
    vipRoutes(app, deps);
  },
  seed: seedGrades,
  async start(deps) {
    return startVipJobs(deps);
  },
};
