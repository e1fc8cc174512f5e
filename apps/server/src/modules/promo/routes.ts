import type { FastifyInstance } from 'fastify';
import { MemberTags, RECORD_KINDS, type ActivityKind } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { defineRoute, fail, type MemberRequest } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { announceBalance, walletOwner } from '../wallet/index.ts';
import { CATEGORY_OF, activityOf, siteActivities, statusOf, type ActivityRow } from './activities.ts';
import { checkEligible, eligibilityRules } from './eligibility.ts';
import { signConfig, signIn, signRules } from './sign.ts';
import { spin, wheelConfig, wheelRules } from './wheel.ts';
import { depositConfig, depositRules } from './deposit.ts';
import { listRecords, receiveRecord } from './records.ts';
import { drawTicket, lotteryConfig, lotteryRules } from './lottery.ts';
import { inviteConfig, inviteFriends, inviteRules } from './invite.ts';
import { claimTask, noviceConfig, noviceRules } from './novice.ts';
import { guessConfig, guessRules, makeGuess } from './guess.ts';
import { barrierConfig, barrierRules, takeStage } from './barrier.ts';
import { makeTicket, soccerLotteryConfig, soccerLotteryRules } from './soccer-lottery.ts';
import { answerQuestion, quizConfig, quizRules } from './quiz.ts';
import { contentRoutes } from './content-routes.ts';

const RULES: Record<ActivityKind, (a: ActivityRow, currency: string) => string[]> = {
  sign: signRules,
  wheel: wheelRules,
  lottery: lotteryRules,
  first_deposit: depositRules,
  continue_deposit: depositRules,
  invite: inviteRules,
  novice: noviceRules,
  guess: guessRules,
  barrier: barrierRules,
  soccer_lottery: soccerLotteryRules,
  quiz: quizRules,
};
/** Kinds whose prizes wait to be received (a novice task's is paid as it is claimed). */
const RECEIVE_KINDS = RECORD_KINDS.filter((k) => k !== 'novice');
const rulesOf = (a: ActivityRow, currency: string) => [...RULES[a.kind](a, currency), ...eligibilityRules(a)];

/**
 * Seed S3-23, S8-17: a member tagged activity_blacklist is refused every activity (温馨提示, then home);
 * one the activity's eligibility keeps out (its minimum VIP level, its excluded tags) is refused it.
 */
async function admitted(req: MemberRequest, db: Db, kind: ActivityKind) {
  if (req.member.tags.includes(MemberTags.ACTIVITY_BLACKLIST)) fail('ACTIVE_BLACKLIST');
  const a = await activityOf(db, req.site.siteId, kind);
  if (a) checkEligible(a, req.member);
  return walletOwner(req.site, req.member.memberId);
}

export function promoRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const read = { auth: 'member', rateLimit: 'read' } as const;
  const money = { auth: 'member', rateLimit: 'money' } as const;

  defineRoute(
    app,
    { url: '/api/activity/list', summary: "The site's activities, open, upcoming and ended", auth: 'optional', rateLimit: 'read' },
    async (req) => ({
      list: (await siteActivities(db, req.site.siteId)).map((a) => ({
        activityId: a.activity_id,
        kind: a.kind,
        category: CATEGORY_OF[a.kind],
        title: a.title,
        rules: rulesOf(a, req.site.currency),
        startAt: new Date(a.start_at).getTime(),
        endAt: new Date(a.end_at).getTime(),
        status: statusOf(a),
      })),
    }),
  );
  defineRoute(app, { url: '/api/activity/sign/config', summary: "Sign-in rules, today's standing and the streak", ...read }, async (req) =>
    signConfig(db, (await admitted(req, db, 'sign')).siteId, req.site.currency, req.member.memberId),
  );
  defineRoute(app, { url: '/api/activity/sign/draw', summary: "Today's sign-in (once per Shanghai day)", ...money }, async (req) =>
    signIn(db, await admitted(req, db, 'sign'), req.idempotencyKey),
  );
  defineRoute(app, { url: '/api/activity/wheel/config', summary: "The wheel's prizes, stock and today's draws", ...read }, async (req) =>
    wheelConfig(db, await admitted(req, db, 'wheel'), req.site.currency),
  );
  defineRoute(app, { url: '/api/activity/wheel/draw', summary: 'One draw of the wheel', ...money }, async (req) =>
    spin(db, await admitted(req, db, 'wheel'), req.idempotencyKey),
  );
  defineRoute(app, { url: '/api/activity/lottery/config', summary: "The lottery's prizes, stock and the member's tickets", ...read }, async (req) =>
    lotteryConfig(db, await admitted(req, db, 'lottery'), req.site.currency),
  );
  defineRoute(app, { url: '/api/activity/lottery/draw', summary: "Draws the member's next lottery ticket", ...money }, async (req) =>
    drawTicket(db, await admitted(req, db, 'lottery'), req.idempotencyKey),
  );
  defineRoute(app, { url: '/api/activity/deposit/config', summary: 'First and continue deposit bonus rules', ...read }, async (req) =>
    depositConfig(db, (await admitted(req, db, 'first_deposit')).siteId, req.site.currency),
  );
  defineRoute(app, { url: '/api/activity/invite/config', summary: "The member's invite code and link, the rule and what it earned", ...read }, async (req) =>
    inviteConfig(db, await admitted(req, db, 'invite'), req.site.currency),
  );
  defineRoute(app, { url: '/api/activity/invite/friends', summary: 'The friends the member invited, their progress and rewards', ...read }, async (req) =>
    inviteFriends(db, await admitted(req, db, 'invite'), req.body.page, req.body.size),
  );
  defineRoute(app, { url: '/api/activity/novice/config', summary: 'The novice tasks, done or not, and their rewards', ...read }, async (req) =>
    noviceConfig(db, await admitted(req, db, 'novice'), req.site.currency),
  );
  defineRoute(app, { url: '/api/activity/novice/claim', summary: "Claims a done novice task's reward into the main wallet", ...money }, async (req) => {
    const owner = await admitted(req, db, 'novice');
    const result = await claimTask(db, owner, req.idempotencyKey, req.body.task);
    await announceBalance(deps, owner, 'bonus');
    return result;
  });
  defineRoute(
    app,
    { url: '/api/activity/guess/config', summary: 'The coming matches to guess and the member’s guesses (decided ones paid)', ...read },
    async (req) => guessConfig(db, await admitted(req, db, 'guess'), req.site.currency),
  );
  defineRoute(app, { url: '/api/activity/guess/draw', summary: "A pick of a coming football match's outcome, once per match", ...money }, async (req) =>
    makeGuess(db, await admitted(req, db, 'guess'), req.idempotencyKey, req.body),
  );
  defineRoute(
    app,
    { url: '/api/activity/barrier/config', summary: "Today's valid turnover against the 闯关 stages (reached ones granted)", ...read },
    async (req) => barrierConfig(db, await admitted(req, db, 'barrier'), req.site.currency),
  );
  defineRoute(
    app,
    { url: '/api/activity/barrier/draw', summary: "Takes a reached 闯关 stage's prize into the main wallet, once a day", ...money },
    async (req) => {
      const owner = await admitted(req, db, 'barrier');
      const result = await takeStage(db, owner, req.idempotencyKey, req.body.stage);
      await announceBalance(deps, owner, 'bonus');
      return result;
    },
  );
  defineRoute(
    app,
    {
      url: '/api/activity/soccer_lottery/config',
      summary: "The 足彩 round taking picks, the prize tiers and the member's tickets (settled ones paid)",
      ...read,
    },
    async (req) => soccerLotteryConfig(db, await admitted(req, db, 'soccer_lottery'), req.site.currency),
  );
  defineRoute(
    app,
    { url: '/api/activity/soccer_lottery/draw', summary: "The member's 足彩 ticket of a round: a pick per match, once", ...money },
    async (req) => makeTicket(db, await admitted(req, db, 'soccer_lottery'), req.idempotencyKey, req.body),
  );
  defineRoute(
    app,
    { url: '/api/activity/quiz/config', summary: "Today's quiz questions (drawn once a day), the answers given and the prize tiers", ...read },
    async (req) => quizConfig(db, await admitted(req, db, 'quiz'), req.site.currency),
  );
  defineRoute(
    app,
    { url: '/api/activity/quiz/answer', summary: "One answer of one of today's quiz questions, once; the last one writes the day's prize", ...money },
    async (req) => answerQuestion(db, await admitted(req, db, 'quiz'), req.idempotencyKey, req.body),
  );
  contentRoutes(app, deps);
  for (const kind of RECORD_KINDS) {
    defineRoute(app, { url: `/api/activity/${kind}/records`, summary: `The member's ${kind} records`, ...read }, async (req) => {
      await admitted(req, db, kind);
      return listRecords(db, req.member.memberId, req.site.siteId, kind, req.body.page, req.body.size);
    });
  }
  for (const kind of RECEIVE_KINDS) {
    defineRoute(app, { url: `/api/activity/${kind}/receive`, summary: `Receives a ${kind} prize into the main wallet`, ...money }, async (req) => {
      const owner = await admitted(req, db, kind);
      const result = await receiveRecord(db, owner, kind, req.idempotencyKey, req.body.recordId);
      await announceBalance(deps, owner, 'bonus');
      return result;
    });
  }
}
