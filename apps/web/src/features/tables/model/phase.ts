import type { TableRound } from '@bp/contract';

export type ShownPhase = 'betting' | 'dealing' | 'result' | 'next';

/** What a round shows at `now`: bets open, the deal, the result, or over (the next round is due). */
export function phaseAt(round: TableRound, now: number): ShownPhase {
  if (now < round.closesAt) return 'betting';
  if (now < round.revealAt) return 'dealing';
  if (now < round.endsAt) return 'result';
  return 'next';
}

/** Whole seconds left until `at` (never below 0). */
export const secondsTo = (at: number, now: number) => Math.max(0, Math.ceil((at - now) / 1000));

/**
 * When the i-th of `count` cards (or the ball) is shown during the deal: spread over the dealing
 * time, the last a beat before it ends. A card is face up from then on.
 */
export const revealTimeOf = (round: TableRound, i: number, count: number) => round.closesAt + ((round.revealAt - round.closesAt) * (i + 1)) / (count + 1);

/**
 * The round to show at `now`: the one read, or once it is over the one the clock has begun since
 * (its times from the table's timing: every round is as long), taking bets until its frames arrive.
 */
export function roundShown(round: TableRound, timing: { betMs: number; dealMs: number; resultMs: number }, now: number): TableRound {
  if (now < round.endsAt) return round;
  const cycle = timing.betMs + timing.dealMs + timing.resultMs;
  const ahead = Math.floor((now - round.startsAt) / cycle);
  const startsAt = round.startsAt + ahead * cycle;
  const closesAt = startsAt + timing.betMs;
  const revealAt = closesAt + timing.dealMs;
  return {
    roundNo: round.roundNo + ahead,
    status: 'betting',
    startsAt,
    closesAt,
    revealAt,
    endsAt: revealAt + timing.resultMs,
    shoeNo: round.shoeNo,
    outcome: null,
  };
}
