import type { Module } from '../../platform/deps.ts';
import { adminRoutes } from './routes.ts';
import { financeRoutes } from './finance-routes.ts';
import { deskRoutes } from './desk-routes.ts';
import { providerRoutes } from './provider-routes.ts';
import { siteRoutes } from './site-routes.ts';
import { helpRoutes } from './help-routes.ts';
import { liveRoutes } from './live-routes.ts';
import { promoRoutes } from './promo-routes.ts';
import { promoContentRoutes } from './promo-content-routes.ts';
import { agentRoutes } from './agent-routes.ts';
import { memberRoutes } from './member-routes.ts';
import { bookRoutes } from './book-routes.ts';
import { venueDeskRoutes } from './venue-routes.ts';
import { adjustRoutes } from './adjust-routes.ts';
import { reportRoutes } from './report-routes.ts';
import { casinoRoutes } from './casino-routes.ts';

/**
 * The operator back office's server side: operators (argon2 passwords, TOTP), their sessions with
 * an idle timeout, roles mapped to permissions (the contract's ROLE_PERMISSIONS) checked on every
 * `/api/admin/` call, and the hash-chained audit log. Other modules keep their decisions (the
 * wallet's approveWithdrawal...); the routes here call them through their index.ts, check the
 * operator's sites and record each action.
 */
export { installOperatorCheck, type OperatorContext } from './sessions.ts';
export { createOperator, type NewOperator } from './operators.ts';
export { appendAudit, verifyAudit, type ChainCheck } from './audit.ts';

export const adminModule: Module = {
  name: 'admin',
  install(app, deps) {
    adminRoutes(app, deps);
    financeRoutes(app, deps);
    deskRoutes(app, deps);
    providerRoutes(app, deps);
    siteRoutes(app, deps);
    helpRoutes(app, deps);
    liveRoutes(app, deps);
    promoRoutes(app, deps);
    promoContentRoutes(app, deps);
    agentRoutes(app, deps);
    memberRoutes(app, deps);
    bookRoutes(app, deps);
    venueDeskRoutes(app, deps);
    adjustRoutes(app, deps);
    reportRoutes(app, deps);
    casinoRoutes(app, deps);
  },
};
