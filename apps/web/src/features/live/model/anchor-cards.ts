import { ANCHOR_AVATARS_MAX, ANCHOR_STATUS, type AnchorMatch } from '@bp/contract';

/**
 * The 直播 list's cards: one per match with the anchors commentating it (at most 3 avatars, seed
 * 9), and one per free cast. A card with an anchor on air comes first; otherwise the server's order.
 */
export interface AnchorCard {
  key: string;
  /** The anchor the card opens: the first one on air, else the first. */
  lead: AnchorMatch;
  /** Up to ANCHOR_AVATARS_MAX anchors of the match, those on air first. */
  anchors: AnchorMatch[];
  live: boolean;
}

const onAir = (a: AnchorMatch) => a.anchorStatus === ANCHOR_STATUS.LIVE;

export function anchorCards(list: readonly AnchorMatch[]): AnchorCard[] {
  const groups = new Map<string, AnchorMatch[]>();
  for (const a of list) {
    const key = a.matchId === null ? `cast-${a.anchorRoomId}` : `match-${a.matchId}`;
    groups.set(key, [...(groups.get(key) ?? []), a]);
  }
  const cards = [...groups].map(([key, all]): AnchorCard => {
    const anchors = [...all.filter(onAir), ...all.filter((a) => !onAir(a))];
    return { key, lead: anchors[0], anchors: anchors.slice(0, ANCHOR_AVATARS_MAX), live: onAir(anchors[0]) };
  });
  return [...cards.filter((c) => c.live), ...cards.filter((c) => !c.live)];
}

/** The anchors commentating one match (the match page's ANCHOR media), those on air first. */
export const anchorsOfMatch = (list: readonly AnchorMatch[], matchId: number): AnchorMatch[] =>
  anchorCards(list.filter((a) => a.matchId === matchId))[0]?.anchors ?? [];
