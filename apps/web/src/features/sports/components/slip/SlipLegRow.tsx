import { useTranslation } from 'react-i18next';
import { CloseOutline, LockFill } from 'antd-mobile-icons';
import { useCurrency } from '../../../../shared/site/use-currency.ts';
import { formatOdds, potentialReturn } from '../../model/odds.ts';
import type { Control } from 'react-hook-form';
import { stakeKey, type SlipLeg, type SlipStakes } from '../../model/slip.ts';
import { slip } from '../../hooks/slip-store.ts';
import { useOddsFlash } from '../../hooks/use-odds-flash.ts';
import { StakeInput } from './StakeInput.tsx';

interface Props {
  leg: SlipLeg;
  /** Shares its match with another leg (no parlay). */
  clash: boolean;
  /** Singles: this leg's own stake, as typed, in the slip's form. */
  stake?: { control: Control<SlipStakes>; text: string };
}

/** One selection in the slip: the match, the market and choice, the price (flashing as it moves), and for singles its stake. */
export function SlipLegRow({ leg, clash, stake }: Props) {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const move = useOddsFlash(leg.odds);
  const changed = leg.odds !== leg.acceptedOdds;
  return (
    <li className={`bp-slip-leg${leg.status !== 'open' ? ' is-blocked' : ''}${clash ? ' is-clash' : ''}`} data-selection={leg.selectionId}>
      <div className="bp-slip-leg-main">
        <div className="bp-slip-leg-pick">
          {leg.live ? <span className="bp-slip-live">{t('sports.slip.live')}</span> : null}
          <strong>{leg.selectionName}</strong>
        </div>
        <div className="bp-slip-leg-market">{leg.marketName}</div>
        <div className="bp-slip-leg-match">
          {leg.homeName} <span>vs</span> {leg.visitName}
        </div>
        {clash ? <div className="bp-slip-leg-warn">{t('sports.slip.sameMatch')}</div> : null}
      </div>
      <div className="bp-slip-leg-side">
        {leg.status === 'open' ? (
          <span className={`bp-slip-odds ${move}`}>
            {changed ? <s>{formatOdds(leg.acceptedOdds)}</s> : null}@{formatOdds(leg.odds)}
          </span>
        ) : (
          <span className="bp-slip-odds is-locked">
            <LockFill /> {t(leg.status === 'closed' ? 'sports.slip.closed' : 'sports.slip.locked')}
          </span>
        )}
        <button type="button" className="bp-slip-remove" aria-label={t('sports.slip.remove')} onClick={() => slip.remove(leg.selectionId)}>
          <CloseOutline />
        </button>
      </div>
      {stake ? (
        <div className="bp-slip-leg-stake">
          <StakeInput
            control={stake.control}
            path={`singles.${stakeKey(leg)}`}
            name={`stake-${leg.selectionId}`}
            placeholder={t('sports.slip.limits', { min: leg.minStake, max: leg.maxStake })}
          />
          <span className="bp-slip-leg-return">
            {t('sports.slip.toReturn')} <b>{money(potentialReturn(Number(stake.text) || 0, [leg.odds]))}</b>
          </span>
        </div>
      ) : null}
    </li>
  );
}
