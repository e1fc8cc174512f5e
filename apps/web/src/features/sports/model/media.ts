import type { MatchSummary, MediaKind } from '@bp/contract';

/**
 * The media entry points of a match (seed 3: anchor_status, animation_url, anchor_flv_url). The
 * animation plays here; the live video and the streamer need the live domain's stream player, so
 * until it exists those entries are not offered at all.
 */
const PLAYABLE: ReadonlySet<MediaKind> = new Set(['ANIMATION']);

export interface MediaEntry {
  kind: MediaKind;
  url: string;
}

export function mediaEntries(match: Pick<MatchSummary, 'animation_url' | 'anchor_flv_url' | 'anchor_status'>): MediaEntry[] {
  const all: MediaEntry[] = [];
  if (match.animation_url) all.push({ kind: 'ANIMATION', url: match.animation_url });
  if (match.anchor_flv_url && match.anchor_status !== null) all.push({ kind: 'ANCHOR', url: match.anchor_flv_url });
  return all.filter((e) => PLAYABLE.has(e.kind));
}
