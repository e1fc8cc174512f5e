import { sql } from 'drizzle-orm';
import { channel } from '@bp/contract';
import type { Deps } from '../../../platform/deps.ts';
import { fail } from '../../../platform/http/index.ts';
import { publishFrame } from '../../../platform/realtime/index.ts';
import { clock } from '../../../platform/clock.ts';

type DeskDeps = Pick<Deps, 'db' | 'bus'>;

export interface HoldChange {
  matchId: number;
  held: boolean;
  /** The markets whose state the hold changed. */
  markets: number;
}

/** Members' screens learn at once that these markets stopped (or resumed) taking bets. */
async function tellMatch(deps: DeskDeps, matchId: number, marketIds: number[], status: 'open' | 'suspended'): Promise<void> {
  if (marketIds.length === 0) return;
  const markets = marketIds.map((marketId) => ({ marketId, status, selections: [] }));
  await publishFrame(deps.bus, { ch: channel.match(matchId), type: 'odds.changed', data: { matchId, at: clock.now(), markets } });
}

const idsOf = (rows: unknown[]) => (rows as Array<{ market_id: unknown }>).map((r) => Number(r.market_id));

/**
 * An operator suspends a whole match (every market not closed stops taking bets, and the feed
 * cannot reopen them) or reopens it (every market it holds reopens; the feed's next prices set
 * them as it sees them). Locks the match, then its markets: the feed's order. A bet being placed
 * holds its market's row until it commits, so the hold takes effect after it and before the next.
 */
export async function holdMatch(deps: DeskDeps, matchId: number, held: boolean): Promise<HoldChange> {
  const marketIds = await deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`SELECT status FROM sports_matches WHERE match_id = ${matchId} FOR NO KEY UPDATE`);
    const match = rows[0] as { status: string } | undefined;
    if (!match) return fail('MATCH_NOT_FOUND');
    if (match.status === 'finished' || match.status === 'cancelled') return fail('DESK_MATCH_OVER');
    await tx.execute(sql`UPDATE sports_matches SET held = ${held}, updated_at = now() WHERE match_id = ${matchId}`);
    const changed = held
      ? await tx.execute(sql`UPDATE sports_markets SET held = true, status = 'suspended'
          WHERE match_id = ${matchId} AND status <> 'closed' AND NOT (held AND status = 'suspended') RETURNING market_id`)
      : await tx.execute(sql`UPDATE sports_markets SET held = false, status = 'open'
          WHERE match_id = ${matchId} AND held AND status = 'suspended' RETURNING market_id`);
    return idsOf(changed.rows);
  });
  await tellMatch(deps, matchId, marketIds, held ? 'suspended' : 'open');
  return { matchId, held, markets: marketIds.length };
}

/** An operator suspends one market (the feed cannot reopen it) or reopens it. */
export async function holdMarket(deps: DeskDeps, marketId: number, held: boolean): Promise<HoldChange> {
  const matchId = await deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`
      SELECT mk.match_id, mk.status, x.status AS match_status FROM sports_markets mk JOIN sports_matches x ON x.match_id = mk.match_id
      WHERE mk.market_id = ${marketId} FOR NO KEY UPDATE OF x, mk`);
    const market = rows[0] as { match_id: unknown; status: string; match_status: string } | undefined;
    if (!market) return fail('DESK_MARKET_NOT_FOUND');
    if (market.match_status === 'finished' || market.match_status === 'cancelled') return fail('DESK_MATCH_OVER');
    if (market.status === 'closed') return fail('DESK_MARKET_CLOSED');
    await tx.execute(sql`UPDATE sports_markets SET held = ${held}, status = ${held ? 'suspended' : 'open'} WHERE market_id = ${marketId}`);
    return Number(market.match_id);
  });
  await tellMatch(deps, matchId, [marketId], held ? 'suspended' : 'open');
  return { matchId, held, markets: 1 };
}
