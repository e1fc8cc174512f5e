import type { MATCH_FORMS, NewsMatch, StandingRow } from '@bp/contract';

/**
 * League tables and form from finished matches (pure): 3 points a win, 1 a draw; ranked by points,
 * goal difference, goals scored, then name.
 */
export function standings(results: NewsMatch[]): StandingRow[] {
  const rows = new Map<string, Omit<StandingRow, 'rank'>>();
  const row = (teamName: string, teamLogo: string) => {
    const found = rows.get(teamName) ?? { teamName, teamLogo, played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, points: 0 };
    rows.set(teamName, found);
    return found;
  };
  for (const m of results) {
    const sides: Array<[ReturnType<typeof row>, number, number]> = [
      [row(m.homeName, m.homeLogo), m.homeScore, m.visitScore],
      [row(m.visitName, m.visitLogo), m.visitScore, m.homeScore],
    ];
    for (const [r, scored, conceded] of sides) {
      r.played += 1;
      r.goalsFor += scored;
      r.goalsAgainst += conceded;
      if (scored > conceded) r.won += 1;
      else if (scored === conceded) r.drawn += 1;
      else r.lost += 1;
      r.points = r.won * 3 + r.drawn;
    }
  }
  const diff = (r: Omit<StandingRow, 'rank'>) => r.goalsFor - r.goalsAgainst;
  return [...rows.values()]
    .sort((a, b) => b.points - a.points || diff(b) - diff(a) || b.goalsFor - a.goalsFor || a.teamName.localeCompare(b.teamName))
    .map((r, i) => ({ rank: i + 1, ...r }));
}

type Form = (typeof MATCH_FORMS)[number];

/** A team's result in a match: W, D or L. */
export function formOf(m: NewsMatch, team: string): Form {
  const [mine, theirs] = m.homeName === team ? [m.homeScore, m.visitScore] : [m.visitScore, m.homeScore];
  return mine > theirs ? 'W' : mine === theirs ? 'D' : 'L';
}

/** A team's last `n` results, latest first (`results` latest first). */
export const lastForm = (results: NewsMatch[], team: string, n = 5): Form[] =>
  results
    .filter((m) => m.homeName === team || m.visitName === team)
    .slice(0, n)
    .map((m) => formOf(m, team));
