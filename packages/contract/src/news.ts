import { z } from 'zod';
import { MatchSummary } from './sports.ts';

/**
 * Sports news and the game assistant (seed 7, S7-12): articles written from the book's own
 * fixtures and results, the football fixtures and results of a day, league tables, a match's form
 * and head-to-head. Times are epoch ms; days are Shanghai days (YYYY-MM-DD).
 */
export const NewsMatch = MatchSummary.pick({
  matchId: true,
  leagueId: true,
  leagueName: true,
  homeName: true,
  homeLogo: true,
  visitName: true,
  visitLogo: true,
  homeScore: true,
  visitScore: true,
  startAt: true,
  status: true,
});
export type NewsMatch = z.infer<typeof NewsMatch>;

export const StandingRow = z.object({
  rank: z.number().int(),
  teamName: z.string(),
  teamLogo: z.string(),
  played: z.number().int(),
  won: z.number().int(),
  drawn: z.number().int(),
  lost: z.number().int(),
  goalsFor: z.number().int(),
  goalsAgainst: z.number().int(),
  points: z.number().int(),
});
export type StandingRow = z.infer<typeof StandingRow>;
export const LeagueTable = z.object({ leagueId: z.number().int(), leagueName: z.string(), rows: z.array(StandingRow) });

export const NEWS_KINDS = ['result', 'preview'] as const;
const NewsHead = {
  /** `result-<matchId>` (a report) or `preview-<matchId>`. */
  newsId: z.string(),
  kind: z.enum(NEWS_KINDS),
  title: z.string(),
  summary: z.string(),
  publishedAt: z.number(),
  match: NewsMatch,
};

export const NewsListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(50).default(20),
});
export const NewsListData = z.object({ list: z.array(z.object(NewsHead)), total: z.number().int() });

export const SoccerQuery = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export const SoccerData = z.object({ day: z.string(), fixtures: z.array(NewsMatch), results: z.array(NewsMatch) });

export const NewsInfoQuery = z.object({ newsId: z.string().regex(/^(result|preview)-\d{1,12}$/) });
export const NewsInfoData = z.object({ ...NewsHead, paragraphs: z.array(z.string()), table: LeagueTable.nullable() });

export const GameAssistBody = z.object({ matchId: z.number().int().positive().optional() });
export const MATCH_FORMS = ['W', 'D', 'L'] as const;
export const GameAssistData = z.object({
  /** The match asked about, or null: then only the tables. */
  match: NewsMatch.nullable(),
  /** Each side's last five results, latest first. */
  homeForm: z.array(z.enum(MATCH_FORMS)),
  visitForm: z.array(z.enum(MATCH_FORMS)),
  headToHead: z.array(NewsMatch),
  tables: z.array(LeagueTable),
});
