import type { Module } from '../../platform/deps.ts';
import { every } from '../../platform/jobs.ts';
import { HOUSEKEEPING_MS } from '../../platform/retention.ts';
import { playFromMainAt } from '../venue/index.ts';
import { keepRoundsWhile, recallRoundsWith } from '../casino/index.ts';
import { providerRoutes } from './routes.ts';
import { seedProviders } from './demo.ts';
import { launchAddress, listProviders, providerNames, providerRow } from './providers.ts';
import { ledgerOfRound } from './protocol.ts';
import { forgetOldTransactions, retentionDays, roundsStillNamed } from './retention.ts';

/**
 * Seamless-wallet game providers (issue 16 part 6): external providers the operator configures
 * play members' rounds from the main wallet by calling the signed protocol under /api/provider/v1
 * (session, balance, debit, credit, rollback by their own transaction ids), recorded in the casino's
 * game records. Their venues take no transfers and are shown only while enabled and heard from.
 */
export { SIM_API_NAME, SIM_SANDBOX_SECRET } from './demo.ts';
export { runProviderSim } from './sim-process.ts';
/** The operator's levers (the back office calls these): providers added or changed, listed without their secrets. */
export { saveProvider, listProviders, providerInfo, type ProviderSetup } from './providers.ts';

playFromMainAt({
  all: providerNames,
  playable: async (db) => (await listProviders(db)).filter((p) => p.offered).map((p) => p.api_name),
  launchUrl: async (db, apiName, ticket, gameId) => launchAddress((await providerRow(db, apiName))!, ticket, gameId),
});

// A round its kept transaction ids name stays in the records: a repeat must find it, never open another.
keepRoundsWhile(roundsStillNamed);
// The operator's recall of a provider's round: its debits, credits and refunds in the ledger.
recallRoundsWith({
  owns: async (db, round) => (await listProviders(db)).some((p) => p.api_name === round.api_name),
  ledger: (db, round) => ledgerOfRound(db, round.api_name, round.roundId),
});

export const providerModule: Module = {
  name: 'provider',
  async install(app, deps) {
    retentionDays(deps.config.providerTxRetentionDays);
    await providerRoutes(app, deps);
  },
  seed: seedProviders,
  async start(deps) {
    return every(
      HOUSEKEEPING_MS,
      async () => {
        const gone = await forgetOldTransactions(deps.db, deps.config.providerTxRetentionDays);
        if (gone) deps.log.info({ gone }, 'provider transaction ids past retention deleted');
      },
      (err) => deps.log.error({ err }, 'provider transaction retention failed'),
    );
  },
};
