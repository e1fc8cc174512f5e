import type { Area, RouteHandle } from '../../shared/routing/areas.ts';
import { RequireMember } from '../../shared/session/login-required.tsx';
import { SportIcon } from './components/SportIcon.tsx';
import { prefetchBoard } from './api.ts';

const titled = (title: string): RouteHandle => ({ title });

/** The match page's route, which app/ gives what other features add to it (shared/slots/match-live). */
export const MATCH_ROUTE_ID = 'sports-match';

/** The sportsbook at /app/sports: the boards, a match, and the member's bets. The screens load on first visit. */
export const sportsArea: Area = {
  name: 'sports',
  tab: { key: 'sports', path: '/app/sports', title: 'tabs.sports', icon: <SportIcon sport="football" />, order: 20 },
  routes: [
    {
      path: 'sports',
      handle: titled('tabs.sports'),
      loader: prefetchBoard,
      lazy: async () => ({ Component: (await import('./pages/SportsHomePage.tsx')).SportsHomePage }),
    },
    {
      id: MATCH_ROUTE_ID,
      path: 'sports/match/:matchId',
      handle: titled('sportsPages.match'),
      lazy: async () => ({ Component: (await import('./pages/MatchDetailPage.tsx')).MatchDetailPage }),
    },
    {
      path: 'sports/records',
      handle: titled('sportsPages.records'),
      lazy: async () => {
        const { BetRecordsPage } = await import('./pages/BetRecordsPage.tsx');
        return {
          element: (
            <RequireMember>
              <BetRecordsPage />
            </RequireMember>
          ),
        };
      },
    },
  ],
};
