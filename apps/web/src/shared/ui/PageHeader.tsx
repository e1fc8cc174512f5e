import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

/** A page's top bar: back (history, or `fallback` when the page was opened directly) and title. */
export function PageHeader({ title, fallback = '/app/home', right }: { title: ReactNode; fallback?: string; right?: ReactNode }) {
  const navigate = useNavigate();
  const back = () => (window.history.length > 1 && window.history.state?.idx > 0 ? navigate(-1) : navigate(fallback, { replace: true }));
  return (
    <NavBar className="bp-header" onBack={back} right={right}>
      {title}
    </NavBar>
  );
}
