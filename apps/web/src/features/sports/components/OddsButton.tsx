import { Toast } from 'antd-mobile';
import { LockFill } from 'antd-mobile-icons';
import type { TFunction } from 'i18next';
import type { Market, MatchSummary, Selection } from '@bp/contract';
import { formatOdds } from '../model/odds.ts';
import { legFrom } from '../model/slip.ts';
import { slip, useInSlip } from '../hooks/slip-store.ts';
import { useOddsFlash } from '../hooks/use-odds-flash.ts';

interface Props {
  match: MatchSummary;
  market: Market;
  selection: Selection;
  /** What the price is for (a line, a side); nothing on a list's winner column. */
  label?: string;
  layout?: 'stack' | 'row';
  /** The list's words: a board holds fifty prices, and a translation hook in each cost more than the price itself. */
  t: TFunction;
}

/**
 * A price to tap: it joins the slip (or leaves it), flashes red when it rises and green when it
 * falls, and shows a lock while its market is suspended or the match takes no bets.
 */
export function OddsButton({ match, market, selection, label, layout = 'stack', t }: Props) {
  const chosen = useInSlip(selection.selectionId);
  const move = useOddsFlash(selection.odds);
  const bettable = selection.status === 'open' && (match.status === 'scheduled' || match.status === 'live');
  const tap = (event: React.MouseEvent) => {
    event.stopPropagation();
    if (!slip.toggle(legFrom(match, market, selection))) Toast.show({ content: t('sports.slip.full') });
  };
  const flash = bettable ? move : '';
  const classes = ['bp-odds', `bp-odds--${layout}`, chosen ? 'is-chosen' : '', flash].filter(Boolean).join(' ');
  return (
    <button type="button" className={classes} disabled={!bettable} onClick={tap} aria-pressed={chosen} data-selection={selection.selectionId}>
      {label ? <span className="bp-odds-label">{label}</span> : null}
      {bettable ? (
        <span className="bp-odds-price">
          {formatOdds(selection.odds)}
          {flash ? <i className="bp-odds-arrow" aria-hidden="true" /> : null}
        </span>
      ) : (
        <span className="bp-odds-price bp-odds-lock" aria-label={t('sports.match.suspended')}>
          <LockFill />
        </span>
      )}
    </button>
  );
}
