import type { Area } from '../../shared/routing/areas.ts';
import { RequireMember } from '../../shared/session/login-required.tsx';

/** 捕鱼 at /app/fish (the lobby leads here): played from the member's balance at the fish venue, for members only. */
export const fishArea: Area = {
  name: 'fish',
  routes: [
    {
      path: 'fish',
      handle: { title: 'fish.title' },
      lazy: async () => {
        const { FishPage } = await import('./FishPage.tsx');
        return {
          element: (
            <RequireMember>
              <FishPage />
            </RequireMember>
          ),
        };
      },
    },
  ],
};
