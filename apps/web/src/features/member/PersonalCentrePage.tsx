import { Button, List } from 'antd-mobile';
import { UserOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { usePerInfo } from '../../shared/site/site-info.ts';
import { RequireMember, showLoginReminder } from '../../shared/session/login-required.tsx';
import { useLoggedIn } from '../../shared/session/use-session.ts';
import { MemberCentrePage } from './MemberCentrePage.tsx';
import { visitorMenu } from './member-menu.ts';
import { MenuIcon } from './MenuIcon.tsx';
import './member.css';

/** The 我的 tab (/app/member): the member's personal centre, or a visitor's. */
export function PersonalCentrePage() {
  return useLoggedIn() ? (
    <RequireMember>
      <MemberCentrePage />
    </RequireMember>
  ) : (
    <VisitorCentre />
  );
}

const HERE = '/app/member';

/**
 * A visitor's personal centre: the way in (login brings the visitor back here), and the menu's
 * pages that concern a visitor; one that needs a member asks to log in first, and leads there after.
 */
function VisitorCentre() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const site = usePerInfo().data?.siteName ?? '';
  return (
    <div className="bp-page bp-member bp-visitor">
      <section className="bp-member-hero">
        <div className="bp-member-id">
          <span className="bp-member-avatar bp-visitor-avatar">
            <UserOutline />
          </span>
          <div>
            <div className="bp-member-greeting">{t('member.visitor.welcome', { site })}</div>
            <div className="bp-member-name">{t('member.visitor.why')}</div>
          </div>
        </div>
        <div className="bp-visitor-actions">
          <Button color="primary" shape="rounded" onClick={() => navigate(`/login?fromPage=${encodeURIComponent(HERE)}`)}>
            {t('auth.login')}
          </Button>
          <Button fill="outline" shape="rounded" onClick={() => navigate('/register')}>
            {t('auth.register')}
          </Button>
        </div>
      </section>
      <div className="bp-page-body">
        <List className="bp-member-menu">
          {visitorMenu().map((entry) => (
            <List.Item
              key={entry.key}
              prefix={<MenuIcon name={entry.key} />}
              onClick={() => (entry.visitor === 'open' ? navigate(entry.path) : showLoginReminder(entry.path, { stay: true }))}
              arrowIcon
            >
              {t(entry.title)}
            </List.Item>
          ))}
        </List>
      </div>
    </div>
  );
}
