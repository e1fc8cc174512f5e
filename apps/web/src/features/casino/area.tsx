import type { Area } from '../../shared/routing/areas.ts';

/** The electronic-game page /app/egame/{code} (seed 2); reached from the home navigation, no tab of its own. */
export const casinoArea: Area = {
  name: 'casino',
  routes: [{ path: 'egame/:code', handle: { title: 'common.egame' }, lazy: async () => ({ Component: (await import('./EgamePage.tsx')).EgamePage }) }],
};
