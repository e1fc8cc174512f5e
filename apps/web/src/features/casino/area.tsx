import { AppstoreOutline } from 'antd-mobile-icons';
import type { Area } from '../../shared/routing/areas.ts';
import { memberPage } from '../../shared/session/login-required.tsx';

/**
 * The casino: the 娱乐场 tab's lobby at /app/casino, the member's game records beneath it, and the
 * electronic-game page /app/egame/{code} (seed 2) the lobby and home's navigation lead to.
 */
export const casinoArea: Area = {
  name: 'casino',
  tab: { key: 'casino', path: '/app/casino', title: 'tabs.casino', icon: <AppstoreOutline />, order: 40 },
  routes: [
    { path: 'casino', handle: { title: 'tabs.casino' }, lazy: async () => ({ Component: (await import('./LobbyPage.tsx')).LobbyPage }) },
    { path: 'casino/records', handle: { title: 'member.menu.gameRecords' }, lazy: memberPage(async () => (await import('./RecordsPage.tsx')).RecordsPage) },
    { path: 'egame/:code', handle: { title: 'common.egame' }, lazy: async () => ({ Component: (await import('./EgamePage.tsx')).EgamePage }) },
  ],
};
