import { TabBar } from 'antd-mobile';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TabEntry } from '../shared/routing/areas.ts';

/** The app frame: the page, and under it the tab bar of the areas that are built. */
export function AppFrame({ tabs }: { tabs: TabEntry[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = tabs.find((tab) => pathname === tab.path || pathname.startsWith(`${tab.path}/`))?.key ?? '';
  return (
    <div className="bp-frame">
      <main className="bp-frame-page">
        <Outlet />
      </main>
      <nav className="bp-tabbar">
        <TabBar activeKey={active} onChange={(key) => navigate(tabs.find((tab) => tab.key === key)!.path)} safeArea>
          {tabs.map((tab) => (
            <TabBar.Item key={tab.key} icon={tab.icon} title={t(tab.title)} />
          ))}
        </TabBar>
      </nav>
    </div>
  );
}
