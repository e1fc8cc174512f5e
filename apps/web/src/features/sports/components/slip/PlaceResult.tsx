import { Button, DotLoading } from 'antd-mobile';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useCurrency } from '../../../../shared/site/use-currency.ts';
import { formatOdds } from '../../model/odds.ts';
import type { Outcome } from '../../hooks/use-place-bets.ts';
import { useServerNow } from '../../hooks/use-ticker.ts';

interface Props {
  outcomes: Outcome[];
  onAgain(): void;
  onKeep(): void;
  onRecords(): void;
}

/** What became of each bet: taken, waiting out the in-play delay, or refused (and why). */
export function PlaceResult({ outcomes, onAgain, onKeep, onRecords }: Props) {
  const { t } = useTranslation();
  const settling = outcomes.some((o) => o.state === 'placing' || o.state === 'waiting');
  return (
    <div className="bp-slip-result">
      <ul>
        {outcomes.map((o) => (
          <OutcomeRow key={o.slot} outcome={o} />
        ))}
      </ul>
      <div className="bp-slip-result-actions">
        <Button fill="outline" onClick={onKeep} disabled={settling}>
          {t('sports.result.keep')}
        </Button>
        <Button fill="outline" onClick={onRecords}>
          {t('sports.result.records')}
        </Button>
        <Button color="primary" onClick={onAgain} disabled={settling}>
          {t('sports.result.again')}
        </Button>
      </div>
    </div>
  );
}

function OutcomeRow({ outcome: o }: { outcome: Outcome }) {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const now = useServerNow(o.state === 'waiting', 250);
  if (o.state === 'placing') {
    return (
      <li className="bp-slip-outcome is-waiting">
        <DotLoading /> {t('sports.slip.placing')}
      </li>
    );
  }
  if (o.state === 'failed') {
    return (
      <li className="bp-slip-outcome is-refused">
        <CloseCircleFill />{' '}
        <div>
          <strong>{t('sports.result.failed')}</strong>
          <p>{o.message}</p>
        </div>
      </li>
    );
  }
  const p = o.placed;
  const head =
    o.state === 'waiting'
      ? t('sports.result.waiting', { seconds: Math.max(0, Math.ceil(((p.confirmAt ?? now) - now) / 1000)) })
      : o.state === 'unknown'
        ? t('sports.result.waitingLong')
        : t(o.state === 'accepted' ? 'sports.result.accepted' : 'sports.result.rejected');
  const Icon = o.state === 'accepted' ? CheckCircleFill : o.state === 'rejected' ? CloseCircleFill : ClockCircleFill;
  return (
    <li className={`bp-slip-outcome is-${o.state === 'accepted' ? 'taken' : o.state === 'rejected' ? 'refused' : 'waiting'}`}>
      <Icon />
      <div>
        <strong>{head}</strong>
        <p>{t('sports.result.orderId', { id: p.orderId })}</p>
        <p>
          {t('sports.rec.stake')} {money(p.stake)} · {t('sports.rec.odds')} {formatOdds(p.odds)} · {t('sports.rec.toReturn')} {money(p.potentialReturn)}
        </p>
        {o.state === 'rejected' && o.reason ? <p className="bp-slip-reason">{t('sports.rec.reason', { reason: o.reason })}</p> : null}
      </div>
    </li>
  );
}
