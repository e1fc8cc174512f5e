import type { FastifyInstance } from 'fastify';
import { activitiesForOperator, activityForOperator, openSoccerRound, rulesForOperator, saveRules, switchActivity } from '../promo/index.ts';
import { gradesForOperator, saveGrade } from '../vip/index.ts';
import { defineRoute } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { audited, operatorRoute } from './audited.ts';
import { operatorSite } from './site-scope.ts';

/** Promotions and VIP: a site's activities switched on and off and their rules edited, its grade table edited. */
export function promoRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const manage = operatorRoute('promo.manage');

  defineRoute(
    app,
    { url: '/api/admin/promo/activity/list', summary: 'A site’s activities, switched on or off, with their budgets', ...manage },
    async (req) => ({
      list: await activitiesForOperator(db, await operatorSite(db, req, req.body.siteId)),
    }),
  );
  defineRoute(app, { url: '/api/admin/promo/activity/switch', summary: 'Switches an activity on or off', ...manage }, async (req) => {
    const { activityId, enabled } = req.body;
    const siteId = await operatorSite(db, req, req.body.siteId);
    const before = await activityForOperator(db, siteId, activityId);
    return audited(deps, req, { action: 'promo.activity.switch', target: `site:${siteId}:activity:${activityId}`, before }, (t) =>
      switchActivity(t.db, siteId, activityId, enabled),
    );
  });
  defineRoute(app, { url: '/api/admin/promo/soccer/round', summary: 'Opens a 足彩 round of coming football matches', ...manage }, async (req) => {
    const siteId = await operatorSite(db, req, req.body.siteId);
    return audited(deps, req, { action: 'promo.soccer.round', target: `site:${siteId}:soccer_lottery`, before: null }, (t) =>
      openSoccerRound(t.db, siteId, req.body.matchIds),
    );
  });
  defineRoute(
    app,
    { url: '/api/admin/promo/activity/rules', summary: 'An activity’s rules: window, budget, eligibility, its kind’s config and prizes', ...manage },
    async (req) => rulesForOperator(db, await operatorSite(db, req, req.body.siteId), req.body.activityId),
  );
  defineRoute(
    app,
    { url: '/api/admin/promo/activity/rules/save', summary: 'Changes an activity’s rules, checked by its kind’s schema; members read them next', ...manage },
    async (req) => {
      const { activityId, rules } = req.body;
      const siteId = await operatorSite(db, req, req.body.siteId);
      const before = await rulesForOperator(db, siteId, activityId);
      return audited(deps, req, { action: 'promo.activity.rules', target: `site:${siteId}:activity:${activityId}`, before }, (t) =>
        saveRules(t.db, siteId, activityId, rules),
      );
    },
  );

  defineRoute(app, { url: '/api/admin/vip/grade/list', summary: 'A site’s VIP grade table', ...manage }, async (req) => ({
    list: await gradesForOperator(db, await operatorSite(db, req, req.body.siteId)),
  }));
  defineRoute(
    app,
    { url: '/api/admin/vip/grade/save', summary: 'Changes a VIP grade (or adds the next), its thresholds kept in order', ...manage },
    async (req) => {
      const siteId = await operatorSite(db, req, req.body.siteId);
      const { vipLevel } = req.body.grade;
      const before = (await gradesForOperator(db, siteId)).find((g) => g.vipLevel === vipLevel) ?? null;
      return audited(deps, req, { action: 'vip.grade.save', target: `site:${siteId}:vip:${vipLevel}`, before }, (t) => saveGrade(t.db, siteId, req.body.grade));
    },
  );
}
