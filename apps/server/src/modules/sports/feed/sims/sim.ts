import type { MatchResult } from '../../markets/grade.ts';
import type { FeedMarket } from '../adapter.ts';

export interface Score {
  home: number;
  visit: number;
}

/** What happened while a match was played from its memory's time to the new time. */
export interface Step<M> {
  mem: M;
  score: Score;
  scorer: 'home' | 'visit' | null;
  period: string;
  /** The match clock shown to members, in seconds. */
  clock: number;
  /** Markets are suspended around an event (a goal, the end of a map). */
  suspended: boolean;
  /** Set once the match is over. */
  result: MatchResult | null;
}

/**
 * A sport as the built-in feed plays it. `t` is feed time in seconds since the start, breaks
 * included; the memory holds everything the sport needs, so any instance can continue a match.
 */
export interface SportSim<M extends { t: number }> {
  /** A new match from the two sides' ratings; picks the lines the book will offer. */
  init(homeRating: number, visitRating: number): M;
  advance(mem: M, toT: number, score: Score, random?: () => number): Step<M>;
  markets(mem: M, score: Score, suspended: boolean): FeedMarket[];
}

/** Seconds of [a, b) that fall inside [from, to). */
export const overlap = (a: number, b: number, from: number, to: number): number => Math.max(0, Math.min(b, to) - Math.max(a, from));
