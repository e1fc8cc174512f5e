import { useRef } from 'react';
import { Button, Dialog, Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ApiData } from '@bp/contract';
import { shanghaiDateTime } from '@bp/contract';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { MoneyIntent } from '../../shared/api/money-intent.ts';
import { useAction } from '../../shared/api/use-action.ts';
import { BALANCE_KEY } from '../../shared/wallet/balance.ts';
import { usePointRecords, usePoints, vipApi, vipKeys } from './api.ts';
import './vip.css';

type Item = ApiData<'/api/member/points/info'>['items'][number];

/** Points (积分): the balance and how it is earned, the exchange (bonus money or gold coins, each confirmed first), and the history. */
export function PointsPage() {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const { data } = usePoints();
  const { data: records } = usePointRecords();
  const intent = useRef(new MoneyIntent()).current;
  const exchange = useAction((itemId: number) => vipApi.exchange(itemId, intent.keyFor(itemId)), {
    refused: (err) => Toast.show({ content: err.message }),
    done: (answer) => {
      intent.done();
      const amount = answer.kind === 'gold' ? t('points.coins', { amount: answer.amount }) : money(answer.amount);
      Toast.show({ icon: 'success', content: t('points.exchanged', { amount }) });
    },
    invalidates: [BALANCE_KEY, vipKeys.all],
  });
  const ask = async (item: Item) => {
    const ok = await Dialog.confirm({ content: t('points.confirm', { cost: item.cost, name: item.name }) });
    if (ok) await exchange.run(item.itemId);
  };

  return (
    <div className="bp-page bp-vip">
      <PageHeader title={t('vipPages.points')} fallback="/app/vip" />
      <div className="bp-page-body">
        {!data ? <Skeleton.Paragraph lineCount={6} animated /> : null}
        {data ? (
          <>
            <section className="bp-hero-card bp-vip-hero" data-testid="points-hero">
              <span className="bp-muted">{t('points.balance')}</span>
              <strong className="bp-vip-grade bp-gold-text">{data.points}</strong>
              <span className="bp-vip-next">{t('points.earn', { turnover: money(data.turnoverPerPoint), deposit: money(data.depositPerPoint) })}</span>
            </section>
            <h3 className="bp-section-title">{t('points.exchange')}</h3>
            <div className="bp-vip-items">
              {data.items.map((item) => {
                const gone = item.left === 0;
                return (
                  <article key={item.itemId} className="bp-card bp-vip-item" data-testid="points-item">
                    <strong>{item.name}</strong>
                    <span className="bp-muted bp-small">
                      {item.kind === 'money' ? t('points.moneyNote', { multiple: item.multiple }) : t('points.goldNote')}
                      {item.left !== null ? ` · ${t('points.left', { left: item.left })}` : ''}
                    </span>
                    <Button
                      size="small"
                      color="primary"
                      shape="rounded"
                      disabled={gone || data.points < item.cost}
                      loading={exchange.busy}
                      onClick={() => void ask(item)}
                    >
                      {gone ? t('points.gone') : t('points.cost', { cost: item.cost })}
                    </Button>
                  </article>
                );
              })}
            </div>
            <h3 className="bp-section-title">{t('points.history')}</h3>
            {records && records.list.length === 0 ? <p className="bp-muted bp-vip-empty">{t('points.noHistory')}</p> : null}
            <ul className="bp-card bp-vip-history" aria-label={t('points.history')}>
              {records?.list.map((r) => (
                <li key={r.moveId}>
                  <div>
                    <span>{r.title}</span>
                    <span className="bp-muted bp-small">{shanghaiDateTime(r.createdAt)}</span>
                  </div>
                  <b className={r.points > 0 ? 'bp-gold-text' : ''}>{r.points > 0 ? `+${r.points}` : r.points}</b>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </div>
  );
}
