import type { FastifyInstance } from 'fastify';
import { MemberTags, RECORD_KINDS, type ActivityKind } from '@bp/contract';
import { defineRoute, fail, type MemberRequest } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { announceBalance, walletOwner } from '../wallet/index.ts';
import { CATEGORY_OF, siteActivities, statusOf, type ActivityRow } from './activities.ts';
import { signConfig, signIn, signRules } from './sign.ts';
import { spin, wheelConfig, wheelRules } from './wheel.ts';
import { depositConfig, depositRules } from './deposit.ts';
import { listRecords, receiveRecord } from './records.ts';
import { drawTicket, lotteryConfig, lotteryRules } from './lottery.ts';
import { inviteConfig, inviteFriends, inviteRules } from './invite.ts';
import { claimTask, noviceConfig, noviceRules } from './novice.ts';
import { guessConfig, guessRules, makeGuess } from './guess.ts';

const RULES: Record<ActivityKind, (a: ActivityRow, currency: string) => string[]> = {
  sign: signRules,
  wheel: wheelRules,
  lottery: lotteryRules,
  first_deposit: depositRules,
  continue_deposit: depositRules,
  invite: inviteRules,
  novice: noviceRules,
  guess: guessRules,
};
/** Kinds whose prizes wait to be received (a novice task's is paid as it is claimed). */
const RECEIVE_KINDS = RECORD_KINDS.filter((k) => k !== 'novice');
const rulesOf = (a: ActivityRow, currency: string) => RULES[a.kind](a, currency);

/** Seed S3-23, S8-17: a member tagged activity_blacklist is refused every activity (温馨提示, then home). */
function admitted(req: MemberRequest) {
  if (req.member.tags.includes(MemberTags.ACTIVITY_BLACKLIST)) fail('ACTIVE_BLACKLIST');
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
    signConfig(db, admitted(req).siteId, req.site.currency, req.member.memberId),
  );
  defineRoute(app, { url: '/api/activity/sign/draw', summary: "Today's sign-in (once per Shanghai day)", ...money }, async (req) =>
    signIn(db, admitted(req), req.idempotencyKey),
  );
  defineRoute(app, { url: '/api/activity/wheel/config', summary: "The wheel's prizes, stock and today's draws", ...read }, async (req) =>
    wheelConfig(db, admitted(req), req.site.currency),
  );
  defineRoute(app, { url: '/api/activity/wheel/draw', summary: 'One draw of the wheel', ...money }, async (req) => spin(db, admitted(req), req.idempotencyKey));
  defineRoute(app, { url: '/api/activity/lottery/config', summary: "The lottery's prizes, stock and the member's tickets", ...read }, async (req) =>
    lotteryConfig(db, admitted(req), req.site.currency),
  );
  defineRoute(app, { url: '/api/activity/lottery/draw', summary: "Draws the member's next lottery ticket", ...money }, async (req) =>
    drawTicket(db, admitted(req), req.idempotencyKey),
  );
  defineRoute(app, { url: '/api/activity/deposit/config', summary: 'First and continue deposit bonus rules', ...read }, async (req) =>
    depositConfig(db, admitted(req).siteId, req.site.currency),
  );
  defineRoute(app, { url: '/api/activity/invite/config', summary: "The member's invite code and link, the rule and what it earned", ...read }, async (req) =>
    inviteConfig(db, admitted(req), req.site.currency),
  );
  defineRoute(app, { url: '/api/activity/invite/friends', summary: 'The friends the member invited, their progress and rewards', ...read }, async (req) =>
    inviteFriends(db, admitted(req), req.body.page, req.body.size),
  );
  defineRoute(app, { url: '/api/activity/novice/config', summary: 'The novice tasks, done or not, and their rewards', ...read }, async (req) =>
    noviceConfig(db, admitted(req), req.site.currency),
  );
  defineRoute(app, { url: '/api/activity/novice/claim', summary: "Claims a done novice task's reward into the main wallet", ...money }, async (req) => {
    const owner = admitted(req);
    const result = await claimTask(db, owner, req.idempotencyKey, req.body.task);
    await announceBalance(deps, owner, 'bonus');
    return result;
  });
  defineRoute(
    app,
    { url: '/api/activity/guess/config', summary: 'The coming matches to guess and the member’s guesses (decided ones paid)', ...read },
    async (req) => guessConfig(db, admitted(req), req.site.currency),
  );
  defineRoute(app, { url: '/api/activity/guess/draw', summary: "A pick of a coming football match's outcome, once per match", ...money }, async (req) =>
    makeGuess(db, admitted(req), req.idempotencyKey, req.body),
  );
  for (const kind of RECORD_KINDS) {
    defineRoute(app, { url: `/api/activity/${kind}/records`, summary: `The member's ${kind} records`, ...read }, async (req) => {
      admitted(req);
      return listRecords(db, req.member.memberId, req.site.siteId, kind, req.body.page, req.body.size);
    });
  }
  for (const kind of RECEIVE_KINDS) {
    defineRoute(app, { url: `/api/activity/${kind}/receive`, summary: `Receives a ${kind} prize into the main wallet`, ...money }, async (req) => {
      const owner = admitted(req);
      const result = await receiveRecord(db, owner, kind, req.idempotencyKey, req.body.recordId);
      await announceBalance(deps, owner, 'bonus');
      return result;
    });
  }
}
