import { createContext, useContext, type ComponentType } from 'react';

/**
 * What the live feature adds to a match's page, given to the sportsbook through app/ (a feature
 * never imports another): the match's anchors as its ANCHOR media, and its chat room as a tab
 * with the hook that says whether the room's entrance shows (seed 4). Absent: the page has neither.
 */
export interface MatchLive {
  /** Whether the match has an anchor to watch (the ANCHOR media kind, seed 3). */
  useHasAnchors(matchId: number): boolean;
  MatchAnchors: ComponentType<{ matchId: number }>;
  /** Whether the match's chat room may be entered (seed 4's entrance rule). */
  useChatEntrance(matchId: number): boolean;
  MatchChat: ComponentType<{ matchId: number }>;
}

const none = () => false;
const nothing = () => null;
/** Without the live feature: no anchors, no chat. */
const NO_LIVE: MatchLive = { useHasAnchors: none, MatchAnchors: nothing, useChatEntrance: none, MatchChat: nothing };
const MatchLiveContext = createContext<MatchLive>(NO_LIVE);

export const MatchLiveProvider = MatchLiveContext.Provider;
export const useMatchLive = (): MatchLive => useContext(MatchLiveContext);
