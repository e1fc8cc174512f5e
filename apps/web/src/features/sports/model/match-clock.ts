import type { MatchSummary } from '@bp/contract';
import { formatDateTime } from '../../../shared/ui/format.ts';

type ClockFields = Pick<MatchSummary, 'sport' | 'status' | 'period' | 'clock' | 'clockAt' | 'startAt'>;

/** Periods in which the clock runs (breaks, half time and full time stand still). */
const RUNNING = /^(1H|2H|Q[1-4]|OT|MAP\d+)$/;

const QUARTER = 720;
const OVERTIME = 300;
const REGULATION = 4 * QUARTER;

/** Match seconds now: the last clock the feed sent, run on since then while play goes on. */
export function elapsedSeconds(m: ClockFields, now: number): number {
  const running = m.status === 'live' && RUNNING.test(m.period);
  return m.clock + (running ? Math.max(0, Math.floor((now - m.clockAt) / 1000)) : 0);
}

const mmss = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

/**
 * The period as an i18n key under `sports.period.` with its number, e.g. Q3 -> quarter 3, MAP2 ->
 * map 2; unknown periods are shown as sent.
 */
export function periodLabel(period: string): { key: string; n?: number } {
  const quarter = /^Q([1-4])$/.exec(period);
  if (quarter) return { key: 'quarter', n: Number(quarter[1]) };
  const map = /^MAP(\d+)$/.exec(period);
  if (map) return { key: 'map', n: Number(map[1]) };
  return { key: period };
}

/**
 * The time shown beside the period: football in minutes (45+ and 90+ once past the half), a
 * basketball quarter's time left, an esports map's time played; null when the clock stands.
 */
export function clockTime(m: ClockFields, now: number): string | null {
  if (m.status !== 'live' || !RUNNING.test(m.period)) return null;
  const s = elapsedSeconds(m, now);
  if (m.sport === 'football') {
    const cap = m.period === '1H' ? 45 : 90;
    const minute = Math.floor(s / 60) + 1;
    return minute > cap ? `${cap}+'` : `${minute}'`;
  }
  if (m.sport === 'basketball') {
    const end = m.period === 'OT' ? REGULATION + Math.max(1, Math.ceil((m.clock - REGULATION) / OVERTIME)) * OVERTIME : Number(m.period[1]) * QUARTER;
    const length = m.period === 'OT' ? OVERTIME : QUARTER;
    return mmss(Math.min(length, Math.max(0, end - s)));
  }
  return mmss(s);
}

/** How a start time reads: today / tomorrow and the Shanghai time, else the date. */
export function startLabel(startAt: number, now: number): { key: 'today' | 'tomorrow' | 'date'; text: string } {
  const at = formatDateTime(startAt);
  const time = at.slice(11);
  if (at.slice(0, 10) === formatDateTime(now).slice(0, 10)) return { key: 'today', text: time };
  if (at.slice(0, 10) === formatDateTime(now + 86_400_000).slice(0, 10)) return { key: 'tomorrow', text: time };
  return { key: 'date', text: at.slice(5) };
}
