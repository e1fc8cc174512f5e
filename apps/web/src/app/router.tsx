import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { homeArea } from '../features/home/area.tsx';
import { memberArea } from '../features/member/area.tsx';
import { walletArea } from '../features/wallet/area.tsx';
import { sportsArea } from '../features/sports/area.tsx';
import { casinoArea } from '../features/casino/area.tsx';
import { vipArea } from '../features/vip/area.tsx';
import { liveArea } from '../features/live/area.tsx';
import { promoArea } from '../features/promo/area.tsx';
import { newsArea } from '../features/news/area.tsx';
import { originalsArea } from '../features/originals/area.tsx';
import { tablesArea } from '../features/tables/area.tsx';
import { chessArea } from '../features/chess/area.tsx';
import { fishArea } from '../features/fish/area.tsx';
import { authRoutes } from '../features/auth/routes.tsx';
import { csRoutes, csTab, statusRoutes } from '../features/site/routes.tsx';
import type { Area } from '../shared/routing/areas.ts';
import { AppFrame } from './AppFrame.tsx';
import { Root } from './Root.tsx';
import { Splash } from './Splash.tsx';
import { withMatchLive } from './match-live-route.tsx';
import { registerRouteTable } from '../shared/routing/built-paths.ts';

/**
 * The seed's routes (section 2). Areas of the app frame are listed here as they are built; sports,
 * live, casino, promotions and the wallet join by exporting an Area from their feature folder.
 */
const areas: Area[] = [
  homeArea,
  sportsArea,
  liveArea,
  casinoArea,
  memberArea,
  walletArea,
  vipArea,
  promoArea,
  newsArea,
  originalsArea,
  tablesArea,
  chessArea,
  fishArea,
];

const tabs = [...areas.flatMap((a) => (a.tab ? [a.tab] : [])), csTab].sort((a, b) => a.order - b.order);

export const routes: RouteObject[] = [
  {
    element: <Root />,
    hydrateFallbackElement: <Splash />,
    children: [
      { path: '/', element: <Navigate to="/app/home" replace /> },
      ...authRoutes,
      ...statusRoutes,
      {
        element: <AppFrame tabs={tabs} />,
        children: [
          { path: '/app', children: [{ index: true, element: <Navigate to="home" replace /> }, ...withMatchLive(areas.flatMap((a) => a.routes))] },
          ...csRoutes,
        ],
      },
      { path: '*', element: <Navigate to="/app/home" replace /> },
    ],
  },
];

registerRouteTable(routes);

export const createRouter = () => createBrowserRouter(routes);
