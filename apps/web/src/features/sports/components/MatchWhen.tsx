import { useTranslation } from 'react-i18next';
import type { MatchSummary } from '@bp/contract';
import { clockTime, periodLabel, startLabel } from '../model/match-clock.ts';
import { useServerNow } from '../hooks/use-ticker.ts';

type WhenFields = Pick<MatchSummary, 'sport' | 'status' | 'period' | 'clock' | 'clockAt' | 'startAt'>;

/** When a match is: its start time before kick-off, its period and running clock in play, full time after. */
export function MatchWhen({ match, className }: { match: WhenFields; className?: string }) {
  const { t } = useTranslation();
  const live = match.status === 'live';
  const now = useServerNow(live);
  if (match.status === 'scheduled') {
    const start = startLabel(match.startAt, now);
    return <span className={`bp-sp-when ${className ?? ''}`}>{t(`sports.start.${start.key}`, { time: start.text })}</span>;
  }
  if (!live)
    return <span className={`bp-sp-when is-over ${className ?? ''}`}>{t(match.status === 'cancelled' ? 'sports.match.cancelled' : 'sports.period.FT')}</span>;
  const period = periodLabel(match.period);
  const time = clockTime(match, now);
  return (
    <span className={`bp-sp-when is-live ${className ?? ''}`}>
      <i className="bp-live-dot" aria-hidden="true" />
      {t(`sports.period.${period.key}`, { n: period.n, defaultValue: match.period })}
      {time ? <b>{time}</b> : null}
    </span>
  );
}
