import type { RouteObject } from 'react-router-dom';
import { MessageOutline } from 'antd-mobile-icons';
import type { RouteHandle, TabEntry } from '../../shared/routing/areas.ts';

const handle = (title: string): RouteHandle => ({ title });

/** The pages that turn a visitor away (seed 2); outside the app frame. */
export const statusRoutes: RouteObject[] = [
  { path: '/maintenance', handle: handle('maintenance.title'), lazy: async () => ({ Component: (await import('./MaintenancePage.tsx')).MaintenancePage }) },
  { path: '/access-alert', handle: handle('accessAlert.title'), lazy: async () => ({ Component: (await import('./AccessPages.tsx')).AccessAlertPage }) },
  {
    path: '/access-restriction',
    handle: handle('restriction.title'),
    lazy: async () => ({ Component: (await import('./AccessPages.tsx')).AccessRestrictionPage }),
  },
];

/** Customer service, exempt from the maintenance and restriction redirects (seed 2). */
export const csRoutes: RouteObject[] = [{ path: '/cs', handle: handle('cs.title'), lazy: async () => ({ Component: (await import('./CsPage.tsx')).CsPage }) }];

export const csTab: TabEntry = { key: 'cs', path: '/cs', title: 'tabs.cs', icon: <MessageOutline />, order: 60 };
