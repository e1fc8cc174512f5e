import { Suspense, lazy } from 'react';
import type { MatchLive } from '../../shared/slots/match-live.tsx';
import { useLoggedIn } from '../../shared/session/use-session.ts';
import { useAnchors, useChatStatus } from './api.ts';
import { anchorsOfMatch } from './model/anchor-cards.ts';
import { chatEntrance } from './model/chat-log.ts';

/** The screens load with the first match page that shows them. */
const Parts = {
  MatchAnchors: lazy(async () => ({ default: (await import('./components/MatchLiveParts.tsx')).MatchAnchors })),
  MatchChat: lazy(async () => ({ default: (await import('./components/MatchLiveParts.tsx')).MatchChat })),
};

/** What live adds to a match's page (app/ hands it to the sportsbook): its anchors and its chat room. */
export const matchLive: MatchLive = {
  useHasAnchors: (matchId) => anchorsOfMatch(useAnchors().data?.list ?? [], matchId).length > 0,
  MatchAnchors: ({ matchId }) => (
    <Suspense fallback={null}>
      <Parts.MatchAnchors matchId={matchId} />
    </Suspense>
  ),
  useChatEntrance: (matchId) => chatEntrance(useChatStatus({ matchId }, useLoggedIn()).data),
  MatchChat: ({ matchId }) => (
    <Suspense fallback={null}>
      <Parts.MatchChat matchId={matchId} />
    </Suspense>
  ),
};
