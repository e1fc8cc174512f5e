import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Button, Popup, Toast } from 'antd-mobile';
import { ApiError, call, newIdempotencyKey } from '../api/request.ts';
import { BALANCE_KEY, useBalance } from '../wallet/balance.ts';
import { useCurrency } from '../site/use-currency.ts';
import './venue-purse.css';
import './locale.ts';

const PICKS = [100, 500, 1000];

/**
 * A game's balance at its venue, and money in from the main wallet or back out, without leaving
 * the game (the wallet's transfer, one Idempotency-Key per tap). `infoKey`: the game's query that
 * shows the venue balance, read again after a move.
 */
export function VenuePurse({ apiName, venueName, balance, infoKey }: { apiName: string; venueName: string; balance: number; infoKey: QueryKey }) {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const queries = useQueryClient();
  const main = useBalance().data?.main ?? 0;
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const move = async (amount: number, out: boolean) => {
    if (amount <= 0) return;
    setBusy(true);
    try {
      await call('/api/wallet/transfer', { api_name: apiName, amount, transfer_out: out }, { idempotencyKey: newIdempotencyKey(), silent: true });
      Toast.show({ content: t('purse.done') });
      setOpen(false);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      Toast.show({ content: err.message });
    } finally {
      setBusy(false);
      await Promise.all([queries.invalidateQueries({ queryKey: infoKey }), queries.invalidateQueries({ queryKey: BALANCE_KEY })]);
    }
  };

  return (
    <div className="bp-purse">
      <div className="bp-purse-figure">
        <span>{t('purse.at', { name: venueName })}</span>
        <strong data-testid="venue-balance">{money(balance)}</strong>
      </div>
      <Button size="mini" color="primary" onClick={() => setOpen(true)}>
        {t('purse.in')}
      </Button>
      <Button size="mini" fill="outline" disabled={balance <= 0 || busy} onClick={() => void move(balance, true)}>
        {t('purse.out')}
      </Button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyClassName="bp-purse-sheet">
        <h3>{t('purse.inTitle', { name: venueName })}</h3>
        <p className="bp-muted">{t('purse.main', { amount: money(main) })}</p>
        <div className="bp-purse-picks">
          {[...PICKS.filter((p) => p < main), main].map((amount, i) => (
            <Button key={i} disabled={busy || amount <= 0} onClick={() => void move(amount, false)}>
              {amount === main ? t('purse.all', { amount: money(main) }) : money(amount)}
            </Button>
          ))}
        </div>
      </Popup>
    </div>
  );
}
