import path from 'node:path';
import type { Module } from '../../platform/deps.ts';
import { every } from '../../platform/jobs.ts';
import { venueRoutes } from './routes.ts';
import { seedVenues } from './demo.ts';
import { reconcileVenueTransfers } from './reconcile.ts';
import { bringBackForSpending } from './balances.ts';
import { gatherBeforeSpend } from '../wallet/index.ts';

/**
 * Venues (game providers) and the money between them and the main wallet. The casino's launch
 * uses `venueAdapter` (balances, the sandbox's `play`), `autoTransferStatus` and
 * `transferWithVenue` (auto-transfer on launch), `openVenue` (status 0 = open). A product says
 * where it plays with `offerVenuesOf`; money goes only into venues offered so (`offeredVenues`).
 */
export { type VenueAdapter, type VenueOutcome, type VenueRefStatus, VENUE_TIMEOUT_MS } from './adapter.ts';
export { SandboxVenue } from './sandbox.ts';
export { venueAdapter, useVenueAdapter, listVenues, openVenue, addVenue, type VenueRow } from './registry.ts';
/** The operator's levers: maintenance (with the members' message) and the per-currency limit of one transfer in. */
export { refuseIfClosed, setVenueMaintenance, setVenueTransferLimits } from './registry.ts';
export { transferWithVenue, type VenueMove } from './transfers.ts';
export { offerVenuesOf, offeredVenues, type VenueProduct } from './offers.ts';
/**
 * Venues played from the main wallet (the originals' built-in one, seamless providers'): each
 * module that plays there registers it with `playFromMainAt`; the casino's lobby, catalogue and
 * launch ask which are playable and where a launch goes.
 */
export {
  playFromMainAt,
  builtInVenue,
  mainWalletVenues,
  playableMainWalletVenues,
  launchableMainWalletVenues,
  hiddenMainWalletVenues,
  mainWalletLaunchUrl,
  type MainWalletVenues,
} from './main-wallet.ts';
export { recoverAll, walletBalances, autoTransferStatus, setAutoTransfer } from './balances.ts';
export { reconcileVenueTransfers, RECONCILE_AFTER_MS } from './reconcile.ts';

// 免转钱包: before main is spent anywhere, what auto-transfer left at venues comes back.
gatherBeforeSpend(bringBackForSpending);

export const venueModule: Module = {
  name: 'venue',
  sqlFunctions: path.join(import.meta.dirname, 'sql'),
  install(app, deps) {
    venueRoutes(app, deps);
  },
  seed: seedVenues,
  async start(deps) {
    return every(
      10_000,
      () => reconcileVenueTransfers(deps.db),
      (err) => deps.log.error({ err }, 'venue reconciliation failed'),
    );
  },
};
