import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import type { BetRecord } from '@bp/contract';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { useCurrency } from '../../../shared/site/use-currency.ts';
import { formatOdds } from '../model/odds.ts';
import { cashOutState, netOf, toneOf } from '../model/bet-status.ts';

interface Props {
  bet: BetRecord;
  cashingOut: boolean;
  onCashOut(bet: BetRecord): void;
}

/** One bet: its legs with their outcome, stake, price, what it may return or paid, and cash out. */
export function RecordCard({ bet, cashingOut, onCashOut }: Props) {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const net = netOf(bet);
  const cash = cashOutState(bet);
  const settled = bet.status !== 'pending' && bet.status !== 'pending_delay';
  return (
    <article className="bp-rec" data-order={bet.orderId}>
      <header className="bp-rec-head">
        <span className="bp-rec-type">{bet.type === 'parlay' ? t('sports.slip.parlayName', { n: bet.legs.length }) : t('sports.slip.single')}</span>
        <span className="bp-sp-venue">{bet.venueName}</span>
        <span className={`bp-rec-status is-${toneOf(bet.status)}`}>{t(`sports.status.${bet.status}`)}</span>
      </header>
      <ul className="bp-rec-legs">
        {bet.legs.map((leg) => (
          <li key={leg.selectionId}>
            <div className="bp-rec-leg-pick">
              <strong>{leg.selectionName}</strong>
              <span>@{formatOdds(leg.odds)}</span>
              {leg.outcome ? <em className={`is-${toneOf(leg.outcome)}`}>{t(`sports.status.${leg.outcome}`)}</em> : null}
            </div>
            <div className="bp-rec-leg-match">
              {leg.marketName} · {leg.homeName} vs {leg.visitName}
              {leg.score ? <b> [{leg.score}]</b> : null}
            </div>
            <div className="bp-rec-leg-league">
              {leg.leagueName} · {formatDateTime(leg.startAt)}
            </div>
          </li>
        ))}
      </ul>
      <dl className="bp-rec-sums">
        <div>
          <dt>{t('sports.rec.stake')}</dt>
          <dd>{money(bet.stake)}</dd>
        </div>
        <div>
          <dt>{t('sports.rec.odds')}</dt>
          <dd>{formatOdds(bet.odds)}</dd>
        </div>
        <div>
          <dt>{settled ? t('sports.rec.payout') : t('sports.rec.toReturn')}</dt>
          <dd className={settled ? `is-${toneOf(bet.status)}` : 'bp-gold-text'}>{money(settled ? bet.payout : bet.potentialReturn)}</dd>
        </div>
        {net !== null ? (
          <div>
            <dt>{t('sports.rec.net')}</dt>
            <dd className={net > 0 ? 'is-win' : net < 0 ? 'is-lose' : ''}>{money(net)}</dd>
          </div>
        ) : null}
      </dl>
      {bet.rejectReason ? <p className="bp-rec-reason">{t('sports.rec.reason', { reason: bet.rejectReason })}</p> : null}
      <footer className="bp-rec-foot">
        <div>
          <p>{bet.orderId}</p>
          <p>{t('sports.rec.placedAt', { time: formatDateTime(bet.createdAt) })}</p>
          {bet.settledAt ? <p>{t('sports.rec.settledAt', { time: formatDateTime(bet.settledAt) })}</p> : null}
        </div>
        {cash ? (
          <Button size="small" color="primary" disabled={cash === 'suspended'} loading={cashingOut} onClick={() => onCashOut(bet)}>
            {cash === 'offer' ? t('sports.rec.cashOut', { amount: money(bet.cashOut!) }) : t('sports.rec.cashOutPaused')}
          </Button>
        ) : null}
      </footer>
    </article>
  );
}
