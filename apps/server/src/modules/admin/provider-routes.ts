import type { FastifyInstance } from 'fastify';
import { listProviders, providerInfo, saveProvider } from '../provider/index.ts';
import { defineRoute } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { audited, operatorRoute } from './audited.ts';

/** Seamless-wallet game providers: added, changed (its secret never answered nor audited) and listed. */
export function providerRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const manage = operatorRoute('venue.manage');
  defineRoute(app, { url: '/api/admin/provider/save', summary: 'Adds or changes a seamless-wallet game provider', ...manage }, async (req) => {
    const before = (await listProviders(db)).find((p) => p.api_name === req.body.api_name);
    const spec = { action: 'provider.save', target: `venue:${req.body.api_name}`, before: before ? providerInfo(before) : null };
    return audited(deps, req, spec, async (t) => providerInfo(await saveProvider(t, req.body)));
  });
  defineRoute(app, { url: '/api/admin/provider/list', summary: 'The configured game providers (never their secrets)', ...manage }, async () =>
    (await listProviders(db)).map(providerInfo),
  );
}
