import type { FastifyInstance } from 'fastify';
import { listOperatorRecords, recallRound } from '../casino/index.ts';
import { listVenues } from '../venue/index.ts';
import { defineRoute } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { operatorRoute } from './audited.ts';
import { operatorOf } from './sessions.ts';

/** Round recall (GLI-19): every venue's rounds of the operator's sites, searched; one round with its proof and ledger. */
export function casinoRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const read = operatorRoute('casino.read');
  defineRoute(app, { url: '/api/admin/casino/round/list', summary: 'Game rounds by member, venue, game, date and round id, latest first', ...read }, (req) => {
    const { memberId, ...filter } = req.body;
    return listOperatorRecords(db, { ...filter, memberId: memberId ?? null, siteIds: operatorOf(req).siteIds });
  });
  defineRoute(app, { url: '/api/admin/casino/round/detail', summary: 'One round: stake, outcome and its proof, payout, its ledger postings', ...read }, (req) =>
    recallRound(db, req.body.roundId, operatorOf(req).siteIds),
  );
  defineRoute(app, { url: '/api/admin/casino/venue/list', summary: 'Every game venue, for the recall’s venue picker', ...read }, async () => ({
    list: (await listVenues(db)).map(({ api_name, name, category }) => ({ api_name, name, category })),
  }));
}
