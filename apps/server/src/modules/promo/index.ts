import type { Module } from '../../platform/deps.ts';
import { whenDepositCredited } from '../wallet/index.ts';
import { promoRoutes } from './routes.ts';
import { seedActivities } from './demo.ts';
import { grantDepositBonus } from './deposit.ts';
import { rewardOnDeposit } from './invite.ts';

/**
 * Activities (issue 15): daily sign-in, spin wheel, lottery, first and continue deposit bonuses,
 * invite friends and novice tasks, configured per site (window, rules, prizes, budget). Every money prize is a bonus of the vip module's bonus
 * engine, so it waits in the welfare centre and asks its turnover before a withdrawal; the wallet
 * tells us of credited deposits (whenDepositCredited). The activity blacklist keeps a member out.
 */
whenDepositCredited(grantDepositBonus);
whenDepositCredited(rewardOnDeposit);

/** The operator's levers (the back office calls these). */
export { activitiesForOperator, activityForOperator, switchActivity } from './operator.ts';

export const promoModule: Module = {
  name: 'promo',
  install(app, deps) {
    promoRoutes(app, deps);
  },
  seed: seedActivities,
};
