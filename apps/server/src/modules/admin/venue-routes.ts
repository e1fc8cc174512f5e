import type { FastifyInstance } from 'fastify';
import { fromMinor, SPORTS_VENUE_CODES, toMinor, type SportsVenueCode } from '@bp/contract';
import { listVenues, setVenueMaintenance, setVenueTransferLimits, type VenueRow } from '../venue/index.ts';
import { listTables, setTableLimits, type DealerTable } from '../tables/index.ts';
import { setVenueStatus } from '../sports/index.ts';
import { listSites } from '../site/index.ts';
import { defineRoute, fail } from '../../platform/http/index.ts';
import type { Db } from '../../platform/db/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { audited, operatorRoute } from './audited.ts';

const venueView = (v: VenueRow) => ({
  api_name: v.api_name,
  name: v.name,
  category: v.category,
  status: Number(v.status),
  maintenanceMessage: v.maintenance_message,
  maxTransferIn: Object.fromEntries(Object.entries(v.max_transfer_in).map(([c, minor]) => [c, fromMinor(BigInt(minor))])),
});

const tableView = (t: DealerTable) => ({
  tableId: t.table_id,
  game: t.game,
  name: t.name,
  limits: Object.fromEntries(
    Object.entries(t.limits).map(([currency, kinds]) => [
      currency,
      Object.fromEntries(Object.entries(kinds).map(([kind, [min, max]]) => [kind, [fromMinor(BigInt(min)), fromMinor(BigInt(max))] as [number, number]])),
    ]),
  ),
});

const isSportsVenue = (apiName: string): apiName is SportsVenueCode => (SPORTS_VENUE_CODES as readonly string[]).includes(apiName);

/**
 * The venue desk: the venues (AG, PG, KY, FISH, ORIG, …) with their maintenance state, put under
 * maintenance (members read the message, cannot transfer in nor launch) and out again; the most
 * one transfer moves in, per currency; the dealer tables' limits. Venues serve every site alike.
 */
export function venueDeskRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const manage = operatorRoute('venue.manage');
  const venueOf = async (apiName: string, on: Db = db) => venueView((await listVenues(on)).find((v) => v.api_name === apiName) ?? fail('VENUE_UNKNOWN'));

  defineRoute(app, { url: '/api/admin/venue/list', summary: 'Every venue with its maintenance state and limits', ...manage }, async () => ({
    list: (await listVenues(db)).map(venueView),
  }));
  defineRoute(
    app,
    { url: '/api/admin/venue/maintenance', summary: 'Puts a venue under maintenance, with the members’ message, or opens it', ...manage },
    async (req) => {
      const { api_name, maintenance, message } = req.body;
      const before = await venueOf(api_name);
      return audited(deps, req, { action: 'venue.maintenance', target: `venue:${api_name}`, before }, async (t) => {
        await setVenueMaintenance(t.db, api_name, maintenance, message ?? '');
        // The sportsbook keeps its venues' state per site (seed 4: open only at status 0): every site follows.
        if (isSportsVenue(api_name))
          for (const siteId of (await listSites(t.db)).byId.keys()) await setVenueStatus(t.db, siteId, api_name, maintenance ? 1 : 0);
        return venueOf(api_name, t.db);
      });
    },
  );
  defineRoute(app, { url: '/api/admin/venue/limits', summary: 'Sets the most one transfer moves into a venue, per currency', ...manage }, async (req) => {
    const { api_name, maxTransferIn } = req.body;
    const before = await venueOf(api_name);
    const minor = Object.fromEntries(Object.entries(maxTransferIn).flatMap(([c, v]) => (v === null ? [] : [[c, toMinor(v)]])));
    return audited(deps, req, { action: 'venue.limits', target: `venue:${api_name}`, before }, async (t) => {
      await setVenueTransferLimits(t.db, api_name, minor);
      return venueOf(api_name, t.db);
    });
  });

  defineRoute(app, { url: '/api/admin/table/list', summary: 'The dealer tables with their limits per currency', ...manage }, async () => ({
    list: (await listTables(db)).map(tableView),
  }));
  defineRoute(app, { url: '/api/admin/table/limits', summary: 'Sets a dealer table’s limits in a currency', ...manage }, async (req) => {
    const { tableId, currency, limits } = req.body;
    const before = (await listTables(db)).find((t) => t.table_id === tableId);
    if (!before) return fail('TABLE_UNKNOWN');
    const minor = Object.fromEntries(Object.entries(limits).map(([kind, [min, max]]) => [kind, [toMinor(min), toMinor(max)] as [bigint, bigint]]));
    return audited(deps, req, { action: 'table.limits', target: `table:${tableId}`, before: tableView(before) }, async (t) =>
      tableView(await setTableLimits(t.db, tableId, currency, minor)),
    );
  });
}
