import { NoticeCategory, withinWindow, type Notice } from '@bp/contract';

/**
 * The announcement rules of seed 4: category 1 (the marquee) shows only within pmdTimerStart..
 * pmdTimerEnd (the server's rule: from the start, until the end, exclusive; an open end is no
 * limit); the other categories always show. For the scrolling
 * list, one remaining entry is repeated to 5, two or three are tripled, and the list is padded to
 * 4 with blank entries, so the ticker always has enough rows to loop smoothly.
 */
export function isShowing(notice: Pick<Notice, 'category' | 'pmdTimerStart' | 'pmdTimerEnd'>, now: number): boolean {
  return notice.category !== NoticeCategory.MARQUEE || withinWindow([notice.pmdTimerStart, notice.pmdTimerEnd], now);
}

export interface TickerEntry {
  /** Stable React key: the notice id and its copy number; blanks have none. */
  key: string;
  notice: Notice | null;
}

export const TICKER_MIN_ROWS = 4;

/** The announcements that remain at `now`, as ticker rows. */
export function tickerEntries(notices: readonly Notice[], now: number): TickerEntry[] {
  const showing = notices.filter((n) => isShowing(n, now));
  const copies = showing.length === 1 ? 5 : showing.length === 2 || showing.length === 3 ? 3 : 1;
  const out: TickerEntry[] = [];
  for (let c = 0; c < copies; c++) for (const n of showing) out.push({ key: `${n.id}:${c}`, notice: n });
  while (out.length < TICKER_MIN_ROWS) out.push({ key: `blank:${out.length}`, notice: null });
  return out;
}
