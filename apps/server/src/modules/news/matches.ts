import type { NewsMatch } from '@bp/contract';
import type { Match } from '../sports/index.ts';

/** A match as the news shows it (and the promo module's guesses). */
export const toNews = (m: Match): NewsMatch => ({
  matchId: m.matchId,
  leagueId: m.leagueId,
  leagueName: m.leagueName,
  homeName: m.homeName,
  homeLogo: m.homeLogo,
  visitName: m.visitName,
  visitLogo: m.visitLogo,
  homeScore: m.homeScore,
  visitScore: m.visitScore,
  startAt: m.startAt,
  status: m.status,
});
