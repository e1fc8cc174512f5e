import { sql } from 'drizzle-orm';
import { oddsFromX100, type EXPERT_PICK_STATUSES, type NewsMatch } from '@bp/contract';
import { oneOf, rowsOf, type DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { clock } from '../../platform/clock.ts';
import { currentVenues, findMatches, pickedSelections, type PickedSelection } from '../sports/index.ts';
import { toNews } from '../news/index.ts';

/**
 * 专家推荐: tipsters' picks of one selection of our own book per match. Their record is not
 * stored: each pick is graded from the book's settled result (sports' pickedSelections), so the hit
 * rate is what the book paid out on, a void pick counting neither way.
 */
export interface ExpertRow {
  expert_id: number;
  name: string;
  title: string;
  bio: string;
  badge_color: string;
  /** The demo experts' rule of picking; null: the operator's picks only. */
  strategy: string | null;
  enabled: boolean;
}
interface PickRow {
  pick_id: string;
  expert_id: number;
  match_id: string;
  selection_id: string;
  odds_x100: number;
  analysis: string;
  created_at: Date | string;
}
type PickStatus = (typeof EXPERT_PICK_STATUSES)[number];
export interface Pick {
  pickId: number;
  expertId: number;
  match: NewsMatch;
  selectionId: number;
  marketName: string;
  selectionName: string;
  odds: number;
  analysis: string;
  status: PickStatus;
  createdAt: number;
}

/** How many of an expert's latest picks are read (their record is of these). */
const PICKS_READ = 500;
const RECENT = 10;

/** The site's experts members see (those enabled), or one of them; the switched-off ones too for the operator (`all`). */
export const expertsOf = (db: DbOrTx, siteId: number, expertId?: number, all = false) =>
  rowsOf<ExpertRow>(
    db,
    sql`SELECT * FROM promo_experts WHERE site_id = ${siteId} ${all ? sql`` : sql`AND enabled`} ${expertId ? sql`AND expert_id = ${expertId}` : sql``}
        ORDER BY sort, expert_id`,
  );

/** The experts' picks with their matches and the book's grading, latest kickoff first. */
export async function picksOf(db: DbOrTx, siteId: number, expertIds: number[]): Promise<Pick[]> {
  if (expertIds.length === 0) return [];
  const rows = await rowsOf<PickRow>(
    db,
    sql`SELECT * FROM (
          SELECT p.*, row_number() OVER (PARTITION BY p.expert_id ORDER BY p.pick_id DESC) AS n FROM promo_expert_picks p
          WHERE p.expert_id IN (${sql.join(
            expertIds.map((id) => sql`${id}`),
            sql`, `,
          )})) latest WHERE n <= ${PICKS_READ}`,
  );
  const selections = await pickedSelections(
    db,
    rows.map((r) => Number(r.selection_id)),
  );
  const matches = new Map(
    (await findMatches(db, [...new Set(rows.map((r) => Number(r.match_id)))], await currentVenues(db, siteId))).map((m) => [m.matchId, toNews(m)]),
  );
  return rows
    .flatMap((r) => {
      const sel = selections.get(Number(r.selection_id));
      const match = matches.get(Number(r.match_id));
      return sel && match ? [pickView(r, sel, match)] : [];
    })
    .sort((a, b) => b.match.startAt - a.match.startAt || b.pickId - a.pickId);
}

const pickView = (r: PickRow, sel: PickedSelection, match: NewsMatch): Pick => ({
  pickId: Number(r.pick_id),
  expertId: Number(r.expert_id),
  match,
  selectionId: sel.selectionId,
  marketName: sel.marketName,
  selectionName: sel.selectionName,
  odds: oddsFromX100(r.odds_x100),
  analysis: r.analysis,
  status: sel.outcome ?? 'open',
  createdAt: new Date(r.created_at).getTime(),
});

const HIT: Partial<Record<PickStatus, number>> = { won: 1, half_won: 0.5 };
const MISS: Partial<Record<PickStatus, number>> = { lost: 1, half_lost: 0.5 };

/** An expert's record from their graded picks (latest kickoff first). */
export function recordOf(picks: Array<{ status: PickStatus }>) {
  const decided = picks.filter((p) => p.status in HIT || p.status in MISS);
  const hits = decided.reduce((sum, p) => sum + (HIT[p.status] ?? 0), 0);
  const misses = decided.reduce((sum, p) => sum + (MISS[p.status] ?? 0), 0);
  return {
    picks: picks.length,
    decided: decided.length,
    won: decided.filter((p) => p.status in HIT).length,
    lost: decided.filter((p) => p.status in MISS).length,
    hitRate: decided.length ? Math.round((hits / (hits + misses)) * 1000) / 10 : null,
    recent: decided.slice(0, RECENT).map((p) => (p.status in HIT ? ('W' as const) : ('L' as const))),
  };
}

export const expertView = (e: ExpertRow, picks: Pick[]) => ({
  expertId: Number(e.expert_id),
  name: e.name,
  title: e.title,
  bio: e.bio,
  badge: { text: e.name.slice(0, 1), color: e.badge_color },
  record: recordOf(picks),
});

/** Coming picks first to kick off first (a pick stays open until the book settles its match). */
export const openOf = (picks: Pick[]) => picks.filter((p) => p.status === 'open').sort((a, b) => a.match.startAt - b.match.startAt);
export const strip = ({ expertId: _, ...p }: Pick) => p;

export async function listExperts(db: DbOrTx, siteId: number) {
  const experts = await expertsOf(db, siteId);
  const picks = await picksOf(
    db,
    siteId,
    experts.map((e) => Number(e.expert_id)),
  );
  return {
    list: experts.map((e) => {
      const mine = picks.filter((p) => p.expertId === Number(e.expert_id));
      return { ...expertView(e, mine), open: openOf(mine).slice(0, 3).map(strip) };
    }),
  };
}

export async function expertInfo(db: DbOrTx, siteId: number, expertId: number) {
  const [e] = await expertsOf(db, siteId, expertId);
  if (!e) return fail('EXPERT_NOT_FOUND');
  const picks = await picksOf(db, siteId, [expertId]);
  return {
    expert: expertView(e, picks),
    open: openOf(picks).map(strip),
    settled: picks
      .filter((p) => p.status !== 'open')
      .slice(0, 30)
      .map(strip),
  };
}

/** An expert's pick of a selection open for bets now, at its price now; one per match (the operator's and the demo experts'). */
export async function addExpertPick(db: DbOrTx, siteId: number, p: { expertId: number; selectionId: number; analysis: string }) {
  const [e] = await expertsOf(db, siteId, p.expertId);
  if (!e) return fail('EXPERT_NOT_FOUND');
  const sel = (await pickedSelections(db, [p.selectionId])).get(p.selectionId);
  if (!sel?.open) return fail('EXPERT_PICK_CLOSED');
  const made = await oneOf<{ pick_id: string }>(
    db,
    sql`INSERT INTO promo_expert_picks (expert_id, match_id, selection_id, odds_x100, analysis, created_at)
        VALUES (${p.expertId}, ${sel.matchId}, ${p.selectionId}, ${sel.oddsX100}, ${p.analysis}, ${new Date(clock.now())})
        ON CONFLICT DO NOTHING RETURNING pick_id`,
  );
  if (!made) return fail('EXPERT_PICK_MADE');
  return { pickId: Number(made.pick_id) };
}
