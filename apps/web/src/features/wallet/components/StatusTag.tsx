import type { DepositState } from '@bp/contract';
import { useTranslation } from 'react-i18next';
import type { Withdrawal } from '../api.ts';

type Tone = 'wait' | 'ok' | 'bad' | 'off';
const DEPOSIT_TONE: Record<DepositState, Tone> = { pending: 'wait', reviewing: 'wait', appealing: 'wait', success: 'ok', rejected: 'bad', cancelled: 'off' };
const WITHDRAW_TONE: Record<Withdrawal['status'], Tone> = { pending: 'wait', paid: 'ok', rejected: 'bad', cancelled: 'off' };

/** An order's state in words and colour: waiting, done, refused, withdrawn. */
export function StatusTag({ order, status }: { order: 'deposit' | 'withdraw'; status: string }) {
  const { t } = useTranslation();
  const tone = order === 'deposit' ? DEPOSIT_TONE[status as DepositState] : WITHDRAW_TONE[status as Withdrawal['status']];
  return <span className={`bp-status bp-status--${tone ?? 'off'}`}>{t(`wallet.${order}Status.${status}`)}</span>;
}
