import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BankcardOutline, SendOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useCurrency } from '../../../shared/site/use-currency.ts';
import { CoinIcon, DepositIcon } from '../../../shared/ui/MoneyIcons.tsx';

interface Action {
  key: string;
  path: string;
  icon: ReactNode;
}

const ACTIONS: Action[] = [
  { key: 'deposit', path: '/app/wallet/deposit', icon: <DepositIcon /> },
  { key: 'withdraw', path: '/app/wallet/withdraw', icon: <SendOutline /> },
  { key: 'yeb', path: '/app/wallet/yeb', icon: <CoinIcon /> },
  { key: 'cards', path: '/app/wallet/cards', icon: <BankcardOutline /> },
];

/** The wallet's four doors: deposit, withdraw, the interest wallet, the cards or addresses. */
export function WalletActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { currency } = useCurrency();
  return (
    <nav className="bp-wallet-actions">
      {ACTIONS.map((a) => (
        <button key={a.key} className="bp-wallet-action" onClick={() => navigate(a.path)}>
          <span className="bp-wallet-action-icon">{a.icon}</span>
          <span>{t(`wallet.actions.${a.key}`, { destination: currency.destination })}</span>
        </button>
      ))}
    </nav>
  );
}
