import type { ReactNode } from 'react';
import { CloseOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router-dom';
import { THEMES } from '../../shared/theme/themes.ts';
import { useSeries } from '../../shared/theme/theme-state.tsx';
import { Crest } from '../../shared/ui/Crest.tsx';
import { usePerInfo } from '../../shared/site/site-info.ts';
import './auth.css';
import './auth-looks.css';

/**
 * The login and registration screens' frame: the theme's own look (seed 2: the themes differ in
 * the login screen too), the crest and site name above a card holding the form.
 */
export function AuthShell({ heading, children, footer }: { heading: string; children: ReactNode; footer?: ReactNode }) {
  const navigate = useNavigate();
  const { series } = useSeries();
  const { data } = usePerInfo();
  const look = THEMES[series].loginLook;
  return (
    <div className={`bp-page bp-auth bp-auth--${look}`}>
      <div className="bp-auth-decor" aria-hidden="true" />
      <button className="bp-auth-close" aria-label="close" onClick={() => navigate('/app/home', { replace: true })}>
        <CloseOutline />
      </button>
      <header className="bp-auth-brand">
        {/* A site's logo carries its name; without one, the crest and the name in letters. */}
        {data?.logo ? (
          <img className="bp-auth-logo" src={data.logo} alt={data.siteName} />
        ) : (
          <>
            <Crest size={64} className="bp-auth-crest" />
            <div className="bp-auth-name">{data?.siteName ?? ''}</div>
          </>
        )}
        <div className="bp-auth-heading">{heading}</div>
      </header>
      <section className="bp-auth-card">{children}</section>
      {footer ? <footer className="bp-auth-footer">{footer}</footer> : null}
    </div>
  );
}
