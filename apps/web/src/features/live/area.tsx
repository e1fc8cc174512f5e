import { VideoOutline } from 'antd-mobile-icons';
import type { Area, RouteHandle } from '../../shared/routing/areas.ts';

const titled = (title: string): RouteHandle => ({ title });

/** Live at /app/live: the anchors' list (the 直播 tab) and an anchor's room. The screens load on first visit. */
export const liveArea: Area = {
  name: 'live',
  tab: { key: 'live', path: '/app/live', title: 'tabs.live', icon: <VideoOutline />, order: 30 },
  routes: [
    { path: 'live', handle: titled('tabs.live'), lazy: async () => ({ Component: (await import('./pages/LiveListPage.tsx')).LiveListPage }) },
    {
      path: 'live/room/:anchorRoomId',
      handle: titled('tabs.live'),
      lazy: async () => ({ Component: (await import('./pages/AnchorRoomPage.tsx')).AnchorRoomPage }),
    },
  ],
};
