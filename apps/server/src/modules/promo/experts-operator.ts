import { sql } from 'drizzle-orm';
import type { ExpertInput, Sport } from '@bp/contract';
import { oneOf, type Db, type DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { currentVenues, listMatches } from '../sports/index.ts';
import { requireSite } from '../site/index.ts';
import { addExpertPick, expertsOf, expertView, openOf, picksOf, strip, type ExpertRow, type Pick } from './experts.ts';

/**
 * The operator's experts (issues 15, 17): every expert of a site, switched on or off, with the
 * record the book's results make; added and edited; their picks entered from the book's selections
 * open for bets now (addExpertPick, as the demo experts' are).
 */

const operatorView = (e: ExpertRow, picks: Pick[]) => ({
  ...expertView(e, picks),
  badgeColor: e.badge_color,
  enabled: e.enabled,
  auto: e.strategy !== null,
  open: openOf(picks).length,
});

export async function expertsForOperator(db: DbOrTx, siteId: number) {
  const experts = await expertsOf(db, siteId, undefined, true);
  const picks = await picksOf(
    db,
    siteId,
    experts.map((e) => Number(e.expert_id)),
  );
  return experts.map((e) =>
    operatorView(
      e,
      picks.filter((p) => p.expertId === Number(e.expert_id)),
    ),
  );
}

/** One expert of the site as the operator sees them, switched on or off; refused when not the site's. */
export async function expertForOperator(db: DbOrTx, siteId: number, expertId: number) {
  const [e] = await expertsOf(db, siteId, expertId, true);
  if (!e) return fail('EXPERT_NOT_FOUND');
  return operatorView(e, await picksOf(db, siteId, [expertId]));
}

const nameTaken = async (db: DbOrTx, siteId: number, name: string, expertId: number | undefined) =>
  (await oneOf(
    db,
    sql`SELECT 1 AS taken FROM promo_experts WHERE site_id = ${siteId} AND name = ${name} ${expertId ? sql`AND expert_id <> ${expertId}` : sql``}`,
  )) !== null;

/** Adds an expert (last in the order; no demo rule: the operator's picks only) or changes one; a name is once per site. */
export async function saveExpert(db: Db, siteId: number, expertId: number | undefined, e: ExpertInput) {
  if (await nameTaken(db, siteId, e.name, expertId)) fail('EXPERT_NAME_TAKEN');
  if (expertId === undefined) {
    const made = await oneOf<{ expert_id: number }>(
      db,
      sql`INSERT INTO promo_experts (site_id, name, title, bio, badge_color, enabled, sort)
          VALUES (${siteId}, ${e.name}, ${e.title}, ${e.bio}, ${e.badgeColor}, ${e.enabled},
            (SELECT coalesce(max(sort), 0) + 1 FROM promo_experts WHERE site_id = ${siteId}))
          ON CONFLICT DO NOTHING RETURNING expert_id`,
    );
    return expertForOperator(db, siteId, made ? Number(made.expert_id) : fail('EXPERT_NAME_TAKEN'));
  }
  const changed = await oneOf(
    db,
    sql`UPDATE promo_experts SET name = ${e.name}, title = ${e.title}, bio = ${e.bio}, badge_color = ${e.badgeColor}, enabled = ${e.enabled}
        WHERE expert_id = ${expertId} AND site_id = ${siteId} RETURNING expert_id`,
  );
  return changed ? expertForOperator(db, siteId, expertId) : fail('EXPERT_NOT_FOUND');
}

/** Switches an expert on or off: off, members no longer see them nor their picks (the demo rule stops picking). */
export async function switchExpert(db: Db, siteId: number, expertId: number, enabled: boolean) {
  const changed = await oneOf(db, sql`UPDATE promo_experts SET enabled = ${enabled} WHERE expert_id = ${expertId} AND site_id = ${siteId} RETURNING expert_id`);
  return changed ? expertForOperator(db, siteId, expertId) : fail('EXPERT_NOT_FOUND');
}

/** An expert's picks, coming first to kick off first and the latest settled, whether the expert is switched on or off. */
export async function expertPicksForOperator(db: DbOrTx, siteId: number, expertId: number) {
  await expertForOperator(db, siteId, expertId);
  const picks = await picksOf(db, siteId, [expertId]);
  return {
    open: openOf(picks).map(strip),
    settled: picks
      .filter((p) => p.status !== 'open')
      .slice(0, 50)
      .map(strip),
  };
}

/** An expert's pick of a selection open for bets now, with its analysis (addExpertPick's rules: one per match, at the price now). */
export async function addPickForOperator(db: Db, siteId: number, p: { expertId: number; selectionId: number; analysis: string }) {
  const expert = await expertForOperator(db, siteId, p.expertId);
  if (!expert.enabled) fail('EXPERT_DISABLED');
  const { pickId } = await addExpertPick(db, siteId, p);
  const pick = (await picksOf(db, siteId, [p.expertId])).find((x) => x.pickId === pickId);
  return pick ? strip(pick) : fail('EXPERT_PICK_CLOSED');
}

/** How many coming matches a pick may be chosen among. */
const PICKABLE = 60;

/** The book's coming matches (first to kick off first) with their main lines' selections open for bets now. */
export async function pickableSelections(db: Db, siteId: number, sport?: Sport) {
  const { currency } = await requireSite(db, siteId);
  const board = await listMatches(
    db,
    { sport, live: false },
    { page: 1, size: PICKABLE, order: 'start' },
    { currency, venues: await currentVenues(db, siteId) },
  );
  const list = board.list.map((m) => ({
    matchId: m.matchId,
    sport: m.sport,
    leagueName: m.leagueName,
    homeName: m.homeName,
    visitName: m.visitName,
    startAt: m.startAt,
    markets: m.mainMarkets
      .filter((mk) => mk.status === 'open')
      .map((mk) => ({
        marketId: mk.marketId,
        name: mk.name,
        selections: mk.selections.filter((s) => s.status === 'open').map((s) => ({ selectionId: s.selectionId, name: s.name, odds: s.odds })),
      }))
      .filter((mk) => mk.selections.length > 0),
  }));
  return { list: list.filter((m) => m.markets.length > 0) };
}
