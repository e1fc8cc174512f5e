import { AppOutline } from 'antd-mobile-icons';
import type { Area } from '../../shared/routing/areas.ts';
import { prefetchHome } from './api.ts';

/** The home area: /app/home and its tab. */
export const homeArea: Area = {
  name: 'home',
  tab: { key: 'home', path: '/app/home', title: 'tabs.home', icon: <AppOutline />, order: 10 },
  routes: [{ path: 'home', loader: prefetchHome, lazy: async () => ({ Component: (await import('./HomePage.tsx')).HomePage }) }],
};
