import type { MatchSummary, MediaKind } from '@bp/contract';

/**
 * The media of a match (seed 3: anchor_status, animation_url, anchor_flv_url; kinds ANIMATION,
 * LIVE, ANCHOR): the animation picture, the match's own stream, and its anchors when live offers
 * them.
 */
export interface MediaEntry {
  kind: MediaKind;
  url: string | null;
}

export function mediaEntries(match: Pick<MatchSummary, 'animation_url' | 'anchor_flv_url' | 'anchor_status'>, hasAnchors: boolean): MediaEntry[] {
  const all: MediaEntry[] = [];
  if (match.animation_url) all.push({ kind: 'ANIMATION', url: match.animation_url });
  if (match.anchor_flv_url && match.anchor_status !== null) all.push({ kind: 'LIVE', url: match.anchor_flv_url });
  if (hasAnchors) all.push({ kind: 'ANCHOR', url: null });
  return all;
}
