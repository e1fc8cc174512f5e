import { PARLAY_LEGS, type BetPlaceBody, type Market, type MarketStatus, type MatchSummary, type OddsChangedEvent, type Selection } from '@bp/contract';

/** One selection in the bet slip, with what the member needs to read it and what the server needs to take it. */
export interface SlipLeg {
  selectionId: number;
  marketId: number;
  matchId: number;
  leagueName: string;
  homeName: string;
  visitName: string;
  marketName: string;
  selectionName: string;
  /** The price now. */
  odds: number;
  /** The price the member agreed to; a lower price asks again unless any change is accepted. */
  acceptedOdds: number;
  status: MarketStatus;
  /** In play: the server holds the bet for its in-play delay before taking it. */
  live: boolean;
  minStake: number;
  maxStake: number;
}

/** The leg a tap on a price adds. */
export function legFrom(match: MatchSummary, market: Market, selection: Selection): SlipLeg {
  return {
    selectionId: selection.selectionId,
    marketId: market.marketId,
    matchId: match.matchId,
    leagueName: match.leagueName,
    homeName: match.homeName,
    visitName: match.visitName,
    marketName: market.name,
    selectionName: selection.name,
    odds: selection.odds,
    acceptedOdds: selection.odds,
    status: selection.status,
    live: match.status === 'live',
    minStake: market.minStake,
    maxStake: market.maxStake,
  };
}

export type SlipMode = 'single' | 'parlay';
/** Odds changes the member takes without being asked: only better prices, or any. */
export type OddsPolicy = 'better' | 'any';

export interface Slip {
  legs: SlipLeg[];
  /** The member's choice; one leg is always a single. */
  mode: SlipMode;
  policy: OddsPolicy;
}

export const emptySlip: Slip = { legs: [], mode: 'parlay', policy: 'better' };

/** The stakes as typed (the slip's form): one for the parlay, and one per single, keyed by `stakeKey`. */
export interface SlipStakes {
  parlay: string;
  singles: Record<string, string>;
}

export const noStakes: SlipStakes = { parlay: '', singles: {} };

/**
 * A single's stake belongs to its market line: the slip holds one pick per market, so a pick
 * replaced by another of its market keeps the stake typed for it.
 */
export const stakeKey = (leg: Pick<SlipLeg, 'marketId'>): string => `m${leg.marketId}`;

export const singleStake = (stakes: SlipStakes, leg: SlipLeg): string => stakes.singles[stakeKey(leg)] ?? '';

/** The stakes of the legs still in the slip (a leg taken out takes its stake with it); the same object when none goes. */
export function keptStakes(stakes: SlipStakes, legs: SlipLeg[]): SlipStakes {
  const keys = new Set(legs.map(stakeKey));
  const kept = Object.entries(stakes.singles).filter(([key]) => keys.has(key));
  return kept.length === Object.keys(stakes.singles).length ? stakes : { ...stakes, singles: Object.fromEntries(kept) };
}

/** The slip takes as many selections as the longest parlay (seed: 2 to 10 legs). */
export const MAX_SLIP_LEGS = PARLAY_LEGS.max;

export const modeOf = (slip: Slip): SlipMode => (slip.legs.length < 2 ? 'single' : slip.mode);

/**
 * A tap on a price: the same selection again takes it out, another selection of the same market
 * replaces it, a new one joins unless the slip is full.
 */
export function toggleLeg(slip: Slip, leg: SlipLeg): { slip: Slip; refused: 'full' | null } {
  if (slip.legs.some((l) => l.selectionId === leg.selectionId)) return { slip: removeLeg(slip, leg.selectionId), refused: null };
  if (slip.legs.some((l) => l.marketId === leg.marketId)) {
    return { slip: { ...slip, legs: slip.legs.map((l) => (l.marketId === leg.marketId ? leg : l)) }, refused: null };
  }
  if (slip.legs.length >= MAX_SLIP_LEGS) return { slip, refused: 'full' };
  return { slip: { ...slip, legs: [...slip.legs, leg] }, refused: null };
}

export const removeLeg = (slip: Slip, selectionId: number): Slip => ({ ...slip, legs: slip.legs.filter((l) => l.selectionId !== selectionId) });

export type ParlayProblem = 'tooFew' | 'tooMany' | 'sameMatch';

/** Selections that share a match with another one in the slip: they cannot be in one parlay. */
export function clashingLegs(legs: SlipLeg[]): Set<number> {
  const perMatch = new Map<number, number>();
  for (const l of legs) perMatch.set(l.matchId, (perMatch.get(l.matchId) ?? 0) + 1);
  return new Set(legs.filter((l) => perMatch.get(l.matchId)! > 1).map((l) => l.selectionId));
}

/** A parlay has 2 to 10 legs, never two of one match. */
export function parlayProblem(legs: SlipLeg[]): ParlayProblem | null {
  if (legs.length < PARLAY_LEGS.min) return 'tooFew';
  if (legs.length > PARLAY_LEGS.max) return 'tooMany';
  if (clashingLegs(legs).size > 0) return 'sameMatch';
  return null;
}

export interface PriceUpdate {
  selectionId: number;
  odds?: number;
  status?: MarketStatus;
}

/** Prices from the feed (or from the server's refusal) applied to the legs; the same slip when nothing moved. */
export function applyPrices(slip: Slip, updates: PriceUpdate[]): Slip {
  const byId = new Map(updates.map((u) => [u.selectionId, u]));
  let moved = false;
  const legs = slip.legs.map((leg) => {
    const u = byId.get(leg.selectionId);
    if (!u) return leg;
    const next = { ...leg, odds: u.odds ?? leg.odds, status: u.status ?? leg.status };
    if (next.odds === leg.odds && next.status === leg.status) return leg;
    moved = true;
    return next;
  });
  return moved ? { ...slip, legs } : slip;
}

/** What a price frame of a match changes in the slip: moved prices, and legs whose market changed state. */
export function updatesFromOdds(event: OddsChangedEvent, legs: SlipLeg[]): PriceUpdate[] {
  const markets = new Map(event.markets.map((m) => [m.marketId, m]));
  return legs.flatMap((leg) => {
    const market = markets.get(leg.marketId);
    if (!market) return [];
    const moved = market.selections.find((s) => s.selectionId === leg.selectionId);
    if (moved) return [{ selectionId: leg.selectionId, odds: moved.odds, status: moved.status }];
    return [{ selectionId: leg.selectionId, status: leg.status === 'closed' ? 'closed' : market.status }];
  });
}

/** A match that ended takes no more bets: its legs close. */
export const closeMatchLegs = (legs: SlipLeg[], matchId: number): PriceUpdate[] =>
  legs.filter((l) => l.matchId === matchId).map((l) => ({ selectionId: l.selectionId, status: 'closed' as const }));

/** Some price fell below what the member agreed to and only better prices are taken silently. */
export const needsOddsConfirm = (slip: Slip): boolean => slip.policy === 'better' && slip.legs.some((l) => l.odds < l.acceptedOdds);

/** The member accepts the prices now shown. */
export const acceptOdds = (slip: Slip): Slip => ({ ...slip, legs: slip.legs.map((l) => ({ ...l, acceptedOdds: l.odds })) });

/** Legs that cannot be bet now: their market is suspended or closed. */
export const blockedLegs = (legs: SlipLeg[]): SlipLeg[] => legs.filter((l) => l.status !== 'open');

/** One bet to place: its body, and the slot that keys its Idempotency-Key (`parlay` or `single:<id>`). */
export interface Placement {
  slot: string;
  body: BetPlaceBody;
}

/**
 * The bets the slip places now. The price sent is the least the member takes: the accepted one
 * when only better prices pass silently (the server takes the better current price), the current
 * one with `acceptOddsChange` when any change is accepted.
 */
export function placementsOf(slip: Slip, stakes: SlipStakes): Placement[] {
  const any = slip.policy === 'any';
  const pick = (l: SlipLeg) => ({ selectionId: l.selectionId, odds: any ? l.odds : Math.min(l.odds, l.acceptedOdds) });
  if (modeOf(slip) === 'parlay') {
    return [{ slot: 'parlay', body: { type: 'parlay', stake: Number(stakes.parlay), selections: slip.legs.map(pick), acceptOddsChange: any } }];
  }
  return stakedSingles(slip, stakes).map((l) => ({
    slot: `single:${l.selectionId}`,
    body: { type: 'single', stake: Number(singleStake(stakes, l)), selections: [pick(l)], acceptOddsChange: any },
  }));
}

/** The singles the member typed a stake for. */
export const stakedSingles = (slip: Slip, stakes: SlipStakes): SlipLeg[] => slip.legs.filter((l) => singleStake(stakes, l) !== '');
