import { Button } from 'antd-mobile';
import { RedoOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLoggedIn } from '../../shared/session/use-session.ts';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { useBalance } from '../../shared/wallet/balance.ts';

const WALLET = '/app/wallet';
const DEPOSIT = '/app/wallet/deposit';

/** The home page's money bar: a member's balance and the way to deposit; a visitor's way in. */
export function HomeWallet() {
  return <section className="bp-card bp-home-wallet">{useLoggedIn() ? <MemberMoney /> : <VisitorWayIn />}</section>;
}

function MemberMoney() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const balance = useBalance();
  const { money } = useCurrency();
  return (
    <>
      <button className="bp-home-wallet-sum" onClick={() => navigate(WALLET)}>
        <span className="bp-muted">{t('home.wallet.main')}</span>
        <strong>{balance.data ? money(balance.data.main) : '—'}</strong>
      </button>
      <button className="bp-home-wallet-refresh" aria-label={t('home.wallet.refresh')} onClick={() => void balance.refetch()}>
        <RedoOutline className={balance.isFetching ? 'is-spinning' : undefined} />
      </button>
      <Button color="primary" shape="rounded" size="small" onClick={() => navigate(DEPOSIT)}>
        {t('home.wallet.deposit')}
      </Button>
    </>
  );
}

function VisitorWayIn() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <div className="bp-home-wallet-sum">
        <strong className="bp-home-wallet-hello">{t('home.wallet.visitor')}</strong>
        <span className="bp-muted">{t('home.wallet.visitorWhy')}</span>
      </div>
      <Button fill="outline" shape="rounded" size="small" onClick={() => navigate('/login')}>
        {t('auth.login')}
      </Button>
      <Button color="primary" shape="rounded" size="small" onClick={() => navigate('/register')}>
        {t('auth.register')}
      </Button>
    </>
  );
}
