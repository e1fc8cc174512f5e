import { Badge, Dialog, List, Toast } from 'antd-mobile';
import { FileOutline, LoopOutline, RedoOutline, SendOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { maskEmail } from '@bp/contract';
import { logout } from '../../shared/session/member-info.ts';
import { useStoredUser } from '../../shared/session/use-session.ts';
import { serverClock } from '../../shared/time/server-time.ts';
import { greetingKey } from '../../shared/time/greeting.ts';
import { copyText } from '../../shared/ui/copy.ts';
import { DepositIcon } from '../../shared/ui/MoneyIcons.tsx';
import { formatDateTime, maskPhone } from '../../shared/ui/format.ts';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { useBalance } from '../../shared/wallet/balance.ts';
import { useMemberInfo, useUnreadMessages } from './api.ts';
import { WALLET_SHORTCUTS, builtMenu } from './member-menu.ts';
import { MenuIcon } from './MenuIcon.tsx';
import './member.css';

/** The personal centre (seed 2: /app/member): who the member is, the greeting, the menu, logout. */
export function MemberCentrePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data } = useMemberInfo();
  const stored = useStoredUser();
  const info = data ?? stored;
  const balance = useBalance();
  const { money } = useCurrency();
  const unread = useUnreadMessages().data?.unread ?? 0;

  const confirmLogout = async () => {
    if (!(await Dialog.confirm({ content: t('member.logoutConfirm'), confirmText: t('member.logout'), cancelText: t('common.cancel') }))) return;
    await logout();
    queryClient.removeQueries({ queryKey: ['member'] });
    Toast.show({ content: t('member.loggedOut') });
    navigate('/app/home', { replace: true });
  };

  return (
    <div className="bp-page bp-member">
      <section className="bp-member-hero">
        <div className="bp-member-id" onClick={() => navigate('/app/member/profile')} role="button">
          {info?.avatar ? <img className="bp-member-avatar" src={info.avatar} alt="" /> : <span className="bp-member-avatar" />}
          <div>
            <div className="bp-member-greeting">
              {t(greetingKey(serverClock.now()))}，{info?.nickname || info?.name}
            </div>
            <div className="bp-member-name">
              <span>{info?.name}</span>
              {info?.grade ? <span className="bp-vip-badge">{info.grade}</span> : null}
            </div>
          </div>
        </div>
        {info?.inviteCode ? (
          <button className="bp-member-invite" onClick={() => void copyText(info.inviteCode).then((ok) => ok && Toast.show({ content: t('common.copied') }))}>
            {t('member.inviteCode')} <strong>{info.inviteCode}</strong> · {t('common.copy')}
          </button>
        ) : null}
      </section>
      <div className="bp-page-body">
        <div className="bp-card bp-balance">
          <div>
            <span className="bp-muted">{t('member.mainWallet')}</span>
            <strong className="bp-gold-text">{balance.data ? money(balance.data.main) : '—'}</strong>
          </div>
          <div>
            <span className="bp-muted">{t('walletPages.yeb')}</span>
            <strong>{balance.data ? money(balance.data.yeb) : '—'}</strong>
          </div>
          <button className="bp-balance-refresh" aria-label={t('member.refresh')} onClick={() => void balance.refetch()}>
            <RedoOutline className={balance.isFetching ? 'is-spinning' : undefined} />
          </button>
        </div>
        <WalletShortcuts />
        <div className="bp-card bp-member-facts">
          <Fact label={t('member.phone')} value={info?.phone ? maskPhone(info.phone) : t('member.unbound')} />
          <Fact label={t('member.email')} value={info?.email ? maskEmail(info.email) : t('member.unbound')} />
          <Fact label={t('member.joined')} value={info?.createdAt ? formatDateTime(info.createdAt).slice(0, 10) : '—'} />
          <Fact label={t('member.lastLogin')} value={info?.lastLoginAt ? formatDateTime(info.lastLoginAt) : '—'} />
        </div>
        <List className="bp-member-menu">
          {builtMenu().map((entry) => (
            <List.Item
              key={entry.key}
              prefix={<MenuIcon name={entry.key} />}
              extra={entry.key === 'messages' && unread > 0 ? <Badge content={unread > 99 ? '99+' : unread} /> : null}
              onClick={() => navigate(entry.path)}
              arrowIcon
            >
              {t(entry.title)}
            </List.Item>
          ))}
        </List>
        <button className="bp-member-logout" onClick={() => void confirmLogout()}>
          {t('member.logout')}
        </button>
      </div>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="bp-fact">
      <span className="bp-muted">{label}</span>
      <strong>{value}</strong>
    </div>
  );
}

const SHORTCUT_ICONS: Record<string, ReactNode> = {
  deposit: <DepositIcon />,
  withdraw: <SendOutline />,
  transfer: <LoopOutline />,
  records: <FileOutline />,
};

/** Deposit, withdraw, transfer and history, one tap from the balance (once the wallet is built). */
function WalletShortcuts() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const entries = builtMenu(WALLET_SHORTCUTS);
  if (entries.length === 0) return null;
  return (
    <nav className="bp-card bp-member-shortcuts">
      {entries.map((e) => (
        <button key={e.key} onClick={() => navigate(e.path)}>
          <span className="bp-menu-icon">{SHORTCUT_ICONS[e.key]}</span>
          {t(e.title)}
        </button>
      ))}
    </nav>
  );
}
