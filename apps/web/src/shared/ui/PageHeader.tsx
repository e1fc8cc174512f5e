import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** A page's top bar: back (history, or `fallback` when the page was opened directly) and title. */
export function PageHeader({ title, fallback = '/app/home', right }: { title: ReactNode; fallback?: string; right?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => (window.history.length > 1 && window.history.state?.idx > 0 ? navigate(-1) : navigate(fallback, { replace: true }));
  return (
    // The arrow alone says nothing to a screen reader: the back control is named 返回.
    <NavBar className="bp-header" onBack={back} left={<span className="bp-sr-only">{t('common.back')}</span>} right={right}>
      {title}
    </NavBar>
  );
}
