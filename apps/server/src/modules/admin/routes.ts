import type { FastifyInstance } from 'fastify';
import { permissionsOf } from '@bp/contract';
import { defineRoute } from '../../platform/http/index.ts';
import { listSites } from '../site/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { appendAudit, listAudit, verifyAudit } from './audit.ts';
import { audited, operatorRoute } from './audited.ts';
import { checkSignIn, createOperator, findOperator, listOperators, operatorView, updateOperator } from './operators.ts';
import { endOperatorSession, openOperatorSession, operatorOf } from './sessions.ts';

/** Signing in and out, the operators themselves, the audit log. */
export function adminRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  defineRoute(
    app,
    { url: '/api/admin/auth/login', summary: 'An operator signs in with name, password and a TOTP code', exempt: true, rateLimit: 'read', tags: ['admin'] },
    async (req) => {
      const operator = await checkSignIn(db, req.body.name, req.body.password, req.body.totp);
      // The session opens with its entry, or not at all.
      const token = await db.transaction(async (tx) => {
        const opened = await openOperatorSession(tx, operator.operatorId, req);
        await appendAudit(tx, { operatorId: operator.operatorId, action: 'auth.login', target: `operator:${operator.operatorId}`, ip: req.ip });
        return opened;
      });
      return { token, operatorId: operator.operatorId, roles: operatorView(operator).roles };
    },
  );
  defineRoute(app, { url: '/api/admin/auth/logout', summary: 'Ends this operator session', ...operatorRoute('session') }, async (req) => {
    const operator = operatorOf(req);
    return audited(deps, req, { action: 'auth.logout', target: `operator:${operator.operatorId}`, before: null, after: () => null }, async (t) => {
      await endOperatorSession(t.db, operator.sessionId, 'logout');
      return null;
    });
  });
  defineRoute(app, { url: '/api/admin/auth/me', summary: 'The signed-in operator: roles, permissions, sites', ...operatorRoute('session') }, async (req) => {
    const operator = await findOperator(db, operatorOf(req).operatorId);
    const view = operatorView(operator);
    return { ...view, permissions: permissionsOf(view.roles), idleMinutes: deps.config.operatorIdleMinutes };
  });

  defineRoute(app, { url: '/api/admin/site/list', summary: 'The sites the operator may act on', ...operatorRoute('session') }, async (req) => {
    const { siteIds } = operatorOf(req);
    const sites = [...(await listSites(db)).byId.values()].filter((site) => !siteIds || siteIds.includes(site.siteId));
    return { list: sites.map(({ siteId, name, currency }) => ({ siteId, name, currency })) };
  });
  defineRoute(app, { url: '/api/admin/operator/list', summary: 'Every operator', ...operatorRoute('operator.manage') }, () => listOperators(db));
  defineRoute(
    app,
    { url: '/api/admin/operator/create', summary: 'Creates an operator; answers its two-factor secret once', ...operatorRoute('operator.manage') },
    async (req) => {
      const { password: _, ...shown } = req.body;
      return audited(
        deps,
        req,
        {
          action: 'operator.create',
          target: `operator:${req.body.name}`,
          before: null,
          after: (created) => ({ ...shown, operatorId: created.operator.operatorId }),
        },
        (t) => createOperator(t.db, req.body),
      );
    },
  );
  defineRoute(
    app,
    { url: '/api/admin/operator/update', summary: 'Changes an operator’s roles, sites or status', ...operatorRoute('operator.manage') },
    async (req) => {
      const { operatorId, ...change } = req.body;
      const before = operatorView(await findOperator(db, operatorId));
      return audited(
        deps,
        req,
        { action: 'operator.update', target: `operator:${operatorId}`, before },
        async (t) => (await updateOperator(t.db, operatorId, change)).after,
      );
    },
  );

  defineRoute(app, { url: '/api/admin/audit/list', summary: 'The audit log, newest first, searchable', ...operatorRoute('audit.read') }, (req) =>
    listAudit(db, req.body),
  );
  defineRoute(app, { url: '/api/admin/audit/verify', summary: 'Walks the audit log’s hash chain', ...operatorRoute('audit.read') }, () => verifyAudit(db));
}
