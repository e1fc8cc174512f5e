import type { Module } from '../../platform/deps.ts';
import { whenDepositCredited } from '../wallet/index.ts';
import { promoRoutes } from './routes.ts';
import { seedActivities } from './demo.ts';
import { grantDepositBonus } from './deposit.ts';
import { rewardOnDeposit } from './invite.ts';
import { startContentJobs } from './content-jobs.ts';

/**
 * Activities (issue 15): daily sign-in, spin wheel, lottery, first and continue deposit bonuses,
 * invite friends and novice tasks, guess, 闯关 (barrier) and 足彩 (soccer lottery), configured per site (window, rules, prizes, budget). Every money prize is a bonus of the vip module's bonus
 * engine, so it waits in the welfare centre and asks its turnover before a withdrawal; the wallet
 * tells us of credited deposits (whenDepositCredited), and passes each minute grant what the book's
 * results and valid turnover earned (match-picks.ts, turnover-prizes.ts). The activity blacklist keeps a member out.
 */
whenDepositCredited(grantDepositBonus);
whenDepositCredited(rewardOnDeposit);

/** The operator's levers (the back office calls these). */
export { activitiesForOperator, activityForOperator, switchActivity } from './operator.ts';
export { openSoccerRound } from './soccer-lottery.ts';
export { rulesForOperator, saveRules } from './rules.ts';
/** An expert's pick of an open selection of the book (the back office enters them). */
export { addExpertPick } from './experts.ts';
/** The operator's content of three promotions: the quiz's bank, the experts and their picks, the sponsors. */
export { quizBankForOperator, quizQuestionForOperator, saveQuizQuestion, removeQuizQuestion } from './quiz-operator.ts';
export {
  expertsForOperator,
  expertForOperator,
  saveExpert,
  switchExpert,
  expertPicksForOperator,
  addPickForOperator,
  pickableSelections,
} from './experts-operator.ts';
export { sponsorsForOperator, sponsorForOperator, saveSponsor, switchSponsor, sortSponsors } from './sponsors-operator.ts';

export const promoModule: Module = {
  name: 'promo',
  install(app, deps) {
    promoRoutes(app, deps);
  },
  seed: seedActivities,
  async start(deps) {
    return startContentJobs(deps);
  },
};
