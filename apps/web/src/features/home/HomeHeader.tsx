import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Crest } from '../../shared/ui/Crest.tsx';
import { usePerInfo } from '../../shared/site/site-info.ts';
import { useLoggedIn, useStoredUser } from '../../shared/session/use-session.ts';
import { serverClock } from '../../shared/time/server-time.ts';
import { greetingKey } from '../../shared/time/greeting.ts';

/** The home page's top bar: the site's mark, and the member's greeting or the way in. */
export function HomeHeader() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = usePerInfo();
  const loggedIn = useLoggedIn();
  const user = useStoredUser();
  return (
    <header className="bp-home-header">
      <div className="bp-home-brand">
        {data?.logo ? (
          <img src={data.logo} alt={data.siteName} className="bp-home-logo" />
        ) : (
          <>
            <Crest size={30} />
            <span className="bp-home-name">{data?.siteName ?? ''}</span>
          </>
        )}
      </div>
      {loggedIn ? (
        <button className="bp-home-member" onClick={() => navigate('/app/member')}>
          <span className="bp-home-greeting">
            {t(greetingKey(serverClock.now()))}，{user?.nickname || user?.name || ''}
          </span>
          {user?.avatar ? <img src={user.avatar} alt="" className="bp-home-avatar" /> : <span className="bp-home-avatar bp-home-avatar--empty" />}
        </button>
      ) : (
        <div className="bp-home-actions">
          <Button size="mini" fill="outline" shape="rounded" className="bp-home-login" onClick={() => navigate('/login')}>
            {t('auth.login')}
          </Button>
          <Button size="mini" color="primary" shape="rounded" onClick={() => navigate('/register')}>
            {t('auth.register')}
          </Button>
        </div>
      )}
    </header>
  );
}
