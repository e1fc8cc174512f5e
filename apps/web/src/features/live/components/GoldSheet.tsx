import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Input, Popup, Toast } from 'antd-mobile';
import { newIdempotencyKey } from '../../../shared/api/request.ts';
import { BALANCE_KEY, useBalance } from '../../../shared/wallet/balance.ts';
import { useCurrency } from '../../../shared/site/use-currency.ts';
import { liveApi, liveKeys, useGold } from '../api.ts';
import { showRefusal } from './refusal.ts';

/** A decimal amount with at most 2 decimals, above 0; else null. */
export const parseAmount = (text: string): number | null => (/^\d+(\.\d{1,2})?$/.test(text.trim()) && Number(text) > 0 ? Number(text) : null);

/**
 * Gold top-up (seed 7): main-wallet money becomes gold coins at the site's rate, shown with the
 * site's currency (¥ or ₮); one Idempotency-Key per amount, so a retry buys once.
 */
export function GoldSheet({ visible, onClose }: { visible: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { currency, money } = useCurrency();
  const gold = useGold(visible);
  const balance = useBalance();
  const [text, setText] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const amount = parseAmount(text);
  const rate = gold.data?.rate ?? 0;
  const change = (value: string) => {
    setText(value);
    setKey(newIdempotencyKey());
  };
  const buy = async () => {
    if (amount === null) return Toast.show({ content: t('live.gold.badAmount') });
    if (busy) return;
    setBusy(true);
    try {
      const bought = await liveApi.buyGold(amount, key);
      Toast.show({ content: t('live.gold.bought', { gold: Number((amount * rate).toFixed(2)) }) });
      queryClient.setQueryData(liveKeys.gold, { gold: bought.gold, rate });
      void queryClient.invalidateQueries({ queryKey: BALANCE_KEY });
      change('');
      onClose();
    } catch (err) {
      showRefusal(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="bp-live-sheet bp-live-goldsheet">
      <h3 className="bp-live-sheet-title">{t('live.gold.topUp')}</h3>
      <div className="bp-live-gold-head">
        <span>{t('live.gold.balance')}</span>
        <b>{gold.data ? gold.data.gold : '—'}</b>
        <small>{rate ? t('live.gold.rate', { unit: currency.symbol, rate }) : ''}</small>
      </div>
      <label className="bp-live-gold-field">
        <span>{t('live.gold.amount')}</span>
        <i>{currency.symbol}</i>
        <Input value={text} onChange={change} inputMode="decimal" placeholder={t('live.gold.amountHolder')} aria-label={t('live.gold.amount')} />
      </label>
      <p className="bp-live-gold-note">
        <span>{amount !== null && rate ? t('live.gold.get', { gold: Number((amount * rate).toFixed(2)) }) : ''}</span>
        <span>{balance.data ? t('live.gold.main', { money: money(balance.data.main) }) : ''}</span>
      </p>
      <Button block color="primary" loading={busy} disabled={amount === null} onClick={() => void buy()}>
        {t('live.gold.buy')}
      </Button>
    </Popup>
  );
}
