import { Button, Switch, Toast } from 'antd-mobile';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useAction } from '../../../shared/api/use-action.ts';
import { useBalance } from '../../../shared/wallet/balance.ts';
import { useAutoTransfer, walletApi, walletKeys, type Balance } from '../api.ts';
import { useCurrency } from '../../../shared/site/use-currency.ts';
import { useMoneyAction } from '../hooks/use-money-action.ts';
import { venueOpen } from '../model/transfer.ts';

// The transfer sheet (an amount form) is fetched when a venue is first tapped, not with the wallet.
const TransferSheet = lazy(async () => ({ default: (await import('./TransferSheet.tsx')).TransferSheet }));

type Venue = Balance['venues'][number];

/**
 * The venue wallets the server lists (those offered, and any other still holding the member's
 * money): each balance, a transfer in or out (only out of a venue not offered), one-click recover
 * and the auto-transfer switch.
 */
export function VenueWallets() {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const { data } = useBalance();
  const [picked, setPicked] = useState<Venue | null>(null);
  const recover = useMoneyAction((_: null, key: string) => walletApi.recover(key));

  const recoverAll = async () => {
    const result = await recover.run(null);
    if (!result) return;
    Toast.show({ icon: 'success', content: t('wallet.recovered', { main: money(result.main) }) });
    if (result.pending.length) Toast.show({ content: t('wallet.recoverPending', { venues: result.pending.join('、') }), duration: 3_000 });
  };

  return (
    <section>
      <div className="bp-section-title bp-section-title--split">
        <span>{t('wallet.venues')}</span>
        <Button size="mini" shape="rounded" color="primary" fill="outline" loading={recover.busy} onClick={() => void recoverAll()}>
          {t('wallet.recover')}
        </Button>
      </div>
      <AutoTransferSwitch />
      <div className="bp-venues">
        {(data?.venues ?? []).map((v) => (
          <button
            key={v.api_name}
            className={`bp-venue${venueOpen(v.status) ? '' : ' is-closed'}`}
            onClick={() => venueOpen(v.status) && setPicked(v)}
            data-venue={v.api_name}
          >
            <span className="bp-venue-name">{v.name}</span>
            <strong className="bp-venue-balance">{money(v.balance)}</strong>
            {venueOpen(v.status) ? null : <span className="bp-venue-closed">{t('wallet.maintenance')}</span>}
            {v.offered ? null : <span className="bp-venue-closed">{t('wallet.outOnly')}</span>}
          </button>
        ))}
      </div>
      {picked && data ? (
        <Suspense fallback={null}>
          <TransferSheet venue={picked} main={data.main} onClose={() => setPicked(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}

/** Seed 4: the auto-transfer status can be set and read. */
function AutoTransferSwitch() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useAutoTransfer();
  const change = useAction(walletApi.setAutoTransfer, {
    done: (answer) => {
      queryClient.setQueryData(walletKeys.of('autoTransfer'), answer);
      Toast.show({ content: t(answer.status ? 'wallet.autoOn' : 'wallet.autoOff') });
    },
    refused: (err) => Toast.show({ content: err.message }),
  });
  return (
    <div className="bp-card bp-auto-transfer">
      <div>
        <strong>{t('wallet.autoTransfer')}</strong>
        <p className="bp-muted">{t('wallet.autoTransferHint')}</p>
      </div>
      <Switch checked={data?.status ?? false} loading={change.busy || !data} onChange={(v) => void change.run(v)} aria-label={t('wallet.autoTransfer')} />
    </div>
  );
}
