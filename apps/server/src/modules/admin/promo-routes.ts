import type { FastifyInstance } from 'fastify';
import { activitiesForOperator, activityForOperator, switchActivity } from '../promo/index.ts';
import { gradesForOperator, saveGrade } from '../vip/index.ts';
import { defineRoute } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { audited, operatorRoute } from './audited.ts';
import { operatorSite } from './site-scope.ts';

/** Promotions and VIP: a site's activities switched on and off, its grade table edited. */
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
    return audited(db, req, { action: 'promo.activity.switch', target: `site:${siteId}:activity:${activityId}`, before }, () =>
      switchActivity(db, siteId, activityId, enabled),
    );
  });

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
      return audited(db, req, { action: 'vip.grade.save', target: `site:${siteId}:vip:${vipLevel}`, before }, () => saveGrade(db, siteId, req.body.grade));
    },
  );
}
