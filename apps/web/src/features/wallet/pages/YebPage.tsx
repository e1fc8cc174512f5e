import { Button, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useBalance } from '../../../shared/wallet/balance.ts';
import { useYeb, walletApi } from '../api.ts';
import { AmountField } from '../components/AmountField.tsx';
import { useCurrency } from '../../../shared/site/use-currency.ts';
import { useMoneyAction } from '../hooks/use-money-action.ts';
import { useWalletFrames } from '../hooks/use-wallet-frames.ts';
import { amountProblem, amountToSend } from '../model/amount.ts';
import '../wallet.css';

type Way = 'toYeb' | 'toCenter';

/** The interest wallet (yeb): its terms, balance and interest; money in, money out, interest received. */
export function YebPage() {
  const { t } = useTranslation();
  const { money, currency } = useCurrency();
  const { data: yeb } = useYeb();
  const { data: balance } = useBalance();
  const [way, setWay] = useState<Way>('toYeb');
  const [text, setText] = useState('');
  useWalletFrames();
  const move = useMoneyAction(({ way, amount }: { way: Way; amount: number }, key: string) =>
    way === 'toYeb' ? walletApi.toYeb(amount, key) : walletApi.toCenter(amount, key),
  );
  const receive = useMoneyAction((_: null, key: string) => walletApi.receiveInterest(key));

  const unlocked = yeb ? Math.round((yeb.balance - yeb.locked) * 100) / 100 : 0;
  const available = way === 'toYeb' ? (balance?.main ?? 0) : unlocked;
  const limits = way === 'toYeb' ? { min: yeb?.min, max: available } : { max: available };
  const problem = amountProblem(text, limits, currency);
  const amount = amountToSend(text, limits, currency);

  const submit = async () => {
    if (amount === null) return;
    if (await move.run({ way, amount })) {
      Toast.show({ icon: 'success', content: t('wallet.yebPage.moved') });
      setText('');
    }
  };
  const collect = async () => {
    const result = await receive.run(null);
    if (result) Toast.show({ icon: 'success', content: t('wallet.yebPage.received', { amount: money(result.received) }) });
  };

  return (
    <div className="bp-page bp-wallet">
      <PageHeader title={t('walletPages.yeb')} fallback="/app/wallet" />
      <div className="bp-page-body">
        {!yeb ? <Skeleton.Paragraph lineCount={6} animated /> : null}
        {yeb ? (
          <>
            <section className="bp-wallet-hero bp-yeb-hero">
              <span className="bp-muted">{t('wallet.yebPage.balance', { unit: currency.unit })}</span>
              <strong className="bp-wallet-total bp-gold-text" data-testid="yeb-balance">
                {money(yeb.balance)}
              </strong>
              {yeb.locked > 0 ? <span className="bp-yeb-locked">{t('wallet.yebPage.locked', { amount: money(yeb.locked) })}</span> : null}
              <div className="bp-yeb-interest">
                <div>
                  <span className="bp-muted">{t('wallet.yebPage.receivable')}</span>
                  <strong>{money(yeb.receivable)}</strong>
                </div>
                <div>
                  <span className="bp-muted">{t('wallet.yebPage.totalInterest')}</span>
                  <strong>{money(yeb.totalInterest)}</strong>
                </div>
                <Button size="small" shape="rounded" color="primary" disabled={yeb.receivable <= 0} loading={receive.busy} onClick={() => void collect()}>
                  {t('wallet.yebPage.receive')}
                </Button>
              </div>
            </section>
            <div className="bp-yeb-terms">
              <Term
                label={t('wallet.yebPage.rate')}
                value={`${yeb.dailyRatePercent}%`}
                note={t('wallet.yebPage.annual', { rate: (yeb.dailyRatePercent * 365).toFixed(2) })}
              />
              <Term label={t('wallet.yebPage.min')} value={money(yeb.min)} />
              <Term label={t('wallet.yebPage.lock')} value={t('wallet.yebPage.lockHours', { hours: yeb.lockHours })} />
            </div>
            <div className="bp-segments" role="tablist">
              {(['toYeb', 'toCenter'] as const).map((w) => (
                <button
                  key={w}
                  role="tab"
                  aria-selected={way === w}
                  className={way === w ? 'is-active' : ''}
                  onClick={() => {
                    setWay(w);
                    setText('');
                  }}
                >
                  {t(`wallet.yebPage.${w}`)}
                </button>
              ))}
            </div>
            <div className="bp-card">
              <AmountField
                value={text}
                onChange={setText}
                placeholder={t(way === 'toYeb' ? 'wallet.yebPage.inPlaceholder' : 'wallet.yebPage.outPlaceholder')}
                problem={problem}
                hint={t(way === 'toYeb' ? 'wallet.yebPage.from' : 'wallet.yebPage.unlocked', { amount: money(available) })}
                all={available}
              />
              <Button block color="primary" shape="rounded" size="large" disabled={amount === null} loading={move.busy} onClick={() => void submit()}>
                {t(`wallet.yebPage.${way}`)}
              </Button>
            </div>
            <p className="bp-muted bp-hint">{t('wallet.yebPage.rules')}</p>
          </>
        ) : null}
      </div>
    </div>
  );
}

function Term({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="bp-yeb-term">
      <span className="bp-muted">{label}</span>
      <strong>{value}</strong>
      {note ? <span className="bp-muted bp-small">{note}</span> : null}
    </div>
  );
}
