import { List } from 'antd-mobile';
import { FileOutline, LockOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { BalanceHero } from '../components/BalanceHero.tsx';
import { VenueWallets } from '../components/VenueWallets.tsx';
import { WalletActions } from '../components/WalletActions.tsx';
import { useWalletFrames } from '../hooks/use-wallet-frames.ts';
import '../wallet.css';

/** /app/wallet: the balances (live), the doors to deposit and withdraw, the venue wallets. */
export function WalletPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useWalletFrames();
  return (
    <div className="bp-page bp-wallet">
      <PageHeader title={t('walletPages.wallet')} fallback="/app/member" />
      <div className="bp-page-body">
        <BalanceHero>
          <WalletActions />
        </BalanceHero>
        <List className="bp-wallet-links">
          <List.Item prefix={<FileOutline />} onClick={() => navigate('/app/wallet/records')} arrowIcon>
            {t('wallet.records')}
          </List.Item>
          <List.Item prefix={<UnorderedListOutline />} onClick={() => navigate('/app/wallet/orders')} arrowIcon>
            {t('wallet.orders')}
          </List.Item>
          <List.Item prefix={<LockOutline />} onClick={() => navigate('/app/wallet/password')} arrowIcon>
            {t('wallet.actions.password')}
          </List.Item>
        </List>
        <VenueWallets />
      </div>
    </div>
  );
}
