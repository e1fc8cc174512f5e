import { betPayoutMinor, type BetStatus, type BetType, type LegOutcome } from '@bp/contract';
import { CORRECT_SCORE_MAX, type MarketSpec } from './kinds.ts';

/** A match's result as the feed reports it. Esports: the winner of each map played, in order. */
export interface MatchResult {
  homeScore: number;
  visitScore: number;
  maps?: Array<'home' | 'visit'>;
  /** The match was abandoned or never played: every bet on it is void. */
  cancelled?: boolean;
}

type Whole = 'won' | 'lost' | 'void';

const whole = (margin: number): Whole => (margin > 0 ? 'won' : margin < 0 ? 'lost' : 'void');

/**
 * A side of a handicap or total: `margin` is what the side is ahead by (goals, points), `line` its
 * handicap. A quarter line (x.25, x.75) splits the stake in two halves on the lines either side.
 */
export function handicapOutcome(margin: number, line: number): LegOutcome {
  const isQuarter = Math.round(Math.abs(line) * 4) % 2 === 1;
  if (!isQuarter) return whole(margin + line);
  const a = whole(margin + line - 0.25);
  const b = whole(margin + line + 0.25);
  if (a === b) return a;
  const pair = new Set([a, b]);
  if (pair.has('won')) return pair.has('void') ? 'half_won' : 'won';
  return 'half_lost';
}

const sideWins = (code: string, home: number, visit: number): Whole => {
  if (home === visit) return 'void';
  const winner = home > visit ? 'home' : 'visit';
  return code === winner ? 'won' : 'lost';
};

const yesNo = (code: string, truth: boolean): Whole => ((code === 'yes') === truth ? 'won' : 'lost');

/** How a leg on `code` of market `m` ends on `result`. */
export function gradeLeg(m: MarketSpec, code: string, result: MatchResult): LegOutcome {
  if (result.cancelled) return 'void';
  const h = result.homeScore;
  const v = result.visitScore;
  switch (m.kind) {
    case '1x2': {
      const actual = h > v ? 'home' : h < v ? 'visit' : 'draw';
      return code === actual ? 'won' : 'lost';
    }
    case 'ah':
    case 'spread':
      return code === 'home' ? handicapOutcome(h - v, m.line!) : handicapOutcome(v - h, -m.line!);
    case 'ou':
    case 'total':
      return code === 'over' ? handicapOutcome(h + v, -m.line!) : handicapOutcome(-(h + v), m.line!);
    case 'btts':
      return yesNo(code, h > 0 && v > 0);
    case 'cs': {
      const inGrid = h <= CORRECT_SCORE_MAX && v <= CORRECT_SCORE_MAX;
      return code === (inGrid ? `${h}-${v}` : 'other') ? 'won' : 'lost';
    }
    case 'ml':
    case 'match_winner':
      return sideWins(code, h, v);
    case 'map_winner': {
      const winner = result.maps?.[m.mapNo! - 1];
      if (!winner) return 'void';
      return code === winner ? 'won' : 'lost';
    }
  }
}

/** A bet's state and payout from its graded legs. A void parlay leg counts at odds 1. */
export function betOutcome(
  type: BetType,
  stakeMinor: bigint,
  legs: Array<{ outcome: LegOutcome; oddsX100: number }>,
): { status: BetStatus; payoutMinor: bigint } {
  const payoutMinor = betPayoutMinor(stakeMinor, legs);
  if (type === 'single') return { status: legs[0].outcome, payoutMinor };
  if (legs.some((l) => l.outcome === 'lost')) return { status: 'lost', payoutMinor };
  if (legs.every((l) => l.outcome === 'void')) return { status: 'void', payoutMinor };
  // A parlay with half-lost legs can return less than its stake: it is called half lost then.
  const status: BetStatus = payoutMinor > stakeMinor ? 'won' : payoutMinor < stakeMinor ? 'half_lost' : 'void';
  return { status, payoutMinor };
}
