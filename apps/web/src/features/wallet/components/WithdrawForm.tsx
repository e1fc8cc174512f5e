import { Button, Dialog, NoticeBar, Result, Toast } from 'antd-mobile';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { z } from 'zod';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Errors, type Currency } from '@bp/contract';
import type { ApiError } from '../../../shared/api/request.ts';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { walletApi, walletKeys, type Prepare, type Withdrawal } from '../api.ts';
import { useCurrency } from '../../../shared/site/use-currency.ts';
import { useDebounced } from '../../../shared/ui/use-debounced.ts';
import { useRulesForm } from '../../../shared/ui/use-rules-form.ts';
import { useMoneyAction } from '../hooks/use-money-action.ts';
import { amountProblem } from '../model/amount.ts';
import { showsOwnRefusal } from '../model/refusal.ts';
import { AmountField } from './AmountField.tsx';
import { DestinationPicker, type Destination } from './DestinationPicker.tsx';
import { PinSheet } from './PinSheet.tsx';

const PIN_REFUSALS: readonly number[] = [Errors.WITHDRAW_PASSWORD_WRONG.code, Errors.WITHDRAW_PASSWORD_FORMAT.code];

interface WithdrawRequest {
  amount: number;
  to: Destination;
}

/** The amount as typed, checked as it is typed: the contract's amount rule, the limits, and no more than can be withdrawn. */
const withdrawSchema = (p: Prepare, currency: Pick<Currency, 'code'>, overWithdrawable: string) =>
  z.object({ amount: z.string(), to: z.custom<Destination | null>() }).superRefine((f, ctx) => {
    const problem = amountProblem(f.amount, { min: p.min, max: p.max }, currency) ?? (Number(f.amount) > p.withdrawable ? overWithdrawable : null);
    if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
  });
type WithdrawFields = z.infer<ReturnType<typeof withdrawSchema>>;

/** The withdraw form: where to, how much (limits, fee and what arrives), then the password; the amount is held at once. */
export function WithdrawForm({ prepare: p, pinRequired }: { prepare: Prepare; pinRequired: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { money, currency, usdtSite } = useCurrency();
  const firstCard = usdtSite ? undefined : p.bankCards[0];
  const { control, formState } = useRulesForm<WithdrawFields>(withdrawSchema(p, currency, t('wallet.withdraw.overWithdrawable')), {
    amount: '',
    to: firstCard ? { kind: 'card', id: firstCard.cardId } : p.addresses[0] ? { kind: 'address', id: p.addresses[0].addressId } : null,
  });
  const { field: amountField } = useController({ control, name: 'amount' });
  const { field: toField } = useController({ control, name: 'to' });
  const text = amountField.value;
  const to = toField.value;
  const [asking, setAsking] = useState(false);
  const [placed, setPlaced] = useState<Withdrawal | null>(null);
  const pin = useRef('');
  const refusal = useRef<ApiError | null>(null);

  // Bonus wagering still open: the member is told what a withdrawal forfeits and confirms it first.
  const wagering = p.bonusWagerRemaining > 0;
  const forfeit = wagering ? { forfeitBonus: true } : {};
  const problem = formState.errors.amount?.message ?? null;
  const amount = text !== '' && !problem ? Number(text) : null;
  const quoted = useDebounced(amount);
  const { data: quote } = useQuery({
    queryKey: walletKeys.of('prepare', quoted ?? 0),
    queryFn: () => walletApi.prepare(quoted!),
    enabled: quoted !== null,
    placeholderData: keepPreviousData,
  });

  const withdraw = useMoneyAction(
    ({ amount, to }: WithdrawRequest, key: string) =>
      to.kind === 'card'
        ? walletApi.withdraw({ amount, withdrawPassword: pin.current, cardId: to.id, ...forfeit }, key)
        : walletApi.withdrawUsdt({ amount, withdrawPassword: pin.current, addressId: to.id, ...forfeit }, key),
    (err) => {
      refusal.current = err;
      // A wrong password is said in the sheet; anything else closes it and is said as a toast.
      if (!PIN_REFUSALS.includes(err.code) && showsOwnRefusal(err.code)) Toast.show({ content: err.message });
      // Locked after too many wrong tries: the form shows until when.
      if (err.code === Errors.WITHDRAW_PASSWORD_LOCKED.code) void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  );
  const send = async (password: string): Promise<string | null> => {
    if (amount === null || !to) return null;
    pin.current = password;
    refusal.current = null;
    const order = await withdraw.run({ amount, to });
    if (order) {
      setAsking(false);
      setPlaced(order);
      return null;
    }
    const err = refusal.current as ApiError | null;
    if (err && PIN_REFUSALS.includes(err.code)) return err.message;
    setAsking(false);
    return null;
  };

  if (placed) {
    return (
      <div className="bp-withdraw-done">
        <Result
          className="bp-result"
          status="waiting"
          title={t('wallet.withdraw.done')}
          description={t('wallet.withdraw.doneDetail', { amount: money(placed.amount) })}
        />
        <p className="bp-muted bp-center bp-small">
          {placed.orderNo} · {t('wallet.withdrawStatus.pending')}
        </p>
        <div className="bp-button-row">
          <Button shape="rounded" fill="outline" color="primary" onClick={() => navigate('/app/wallet/orders?tab=withdraw')}>
            {t('wallet.withdraw.orders')}
          </Button>
          <Button shape="rounded" color="primary" onClick={() => navigate('/app/wallet')}>
            {t('wallet.deposit.backToWallet')}
          </Button>
        </div>
      </div>
    );
  }

  const confirmThen = async (go: () => void) => {
    if (!wagering) return go();
    const ok = await Dialog.confirm({
      title: t('wallet.withdraw.forfeitTitle'),
      content: t('wallet.withdraw.forfeitConfirm', { remaining: money(p.bonusWagerRemaining), forfeit: money(p.bonusForfeit) }),
      confirmText: t('wallet.withdraw.forfeitOk'),
    });
    if (ok) go();
  };
  const locked = p.passwordLockedUntil;
  const fee = quote && amount !== null ? quote : null;
  return (
    <>
      {locked ? <NoticeBar color="alert" content={t('wallet.withdraw.locked', { time: formatDateTime(locked).slice(11) })} wrap /> : null}
      {wagering ? (
        <NoticeBar
          color="alert"
          wrap
          data-testid="withdraw-forfeit"
          content={t('wallet.withdraw.forfeitNotice', { remaining: money(p.bonusWagerRemaining), forfeit: money(p.bonusForfeit) })}
        />
      ) : null}
      <div className="bp-card bp-withdraw-balance">
        <div>
          <span className="bp-muted">{t('wallet.withdraw.balance')}</span>
          <strong>{money(p.balance)}</strong>
        </div>
        <div>
          <span className="bp-muted">{t('wallet.withdraw.withdrawable')}</span>
          <strong className="bp-gold-text">{money(p.withdrawable)}</strong>
        </div>
      </div>
      <div className="bp-section-title">{t('wallet.withdraw.destination', { destination: currency.destination })}</div>
      <DestinationPicker cards={p.bankCards} addresses={p.addresses} value={to} onChange={toField.onChange} usdtSite={usdtSite} />
      <div className="bp-section-title">{t('wallet.withdraw.amount')}</div>
      <div className="bp-card">
        <AmountField
          value={text}
          onChange={amountField.onChange}
          placeholder={t('wallet.withdraw.placeholder')}
          problem={problem}
          hint={t('wallet.amount.limits', { min: money(p.min), max: money(p.max) })}
          all={p.withdrawable}
        />
        <div className="bp-fee">
          <span className="bp-muted">{t('wallet.withdraw.fee')}</span>
          <span>{fee ? money(fee.fee) : '—'}</span>
          <span className="bp-muted">{t('wallet.withdraw.receivable')}</span>
          <strong>{fee ? money(fee.receivable) : '—'}</strong>
        </div>
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          disabled={amount === null || !to || !!locked}
          loading={withdraw.busy}
          onClick={() => void confirmThen(() => (pinRequired ? setAsking(true) : void send('')))}
        >
          {t('wallet.withdraw.submit')}
        </Button>
      </div>
      {asking && amount !== null ? (
        <PinSheet title={t('wallet.withdraw.pinTitle')} detail={money(amount)} submit={send} busy={withdraw.busy} onClose={() => setAsking(false)} />
      ) : null}
    </>
  );
}
