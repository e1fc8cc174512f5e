import { VENUE_CODE_ALIASES, VENUE_OPEN, WORLD_CUP_VENUE_IDS, type SportsVenue } from '@bp/contract';

/** Seed 3: venue codes OBTY and IMTY are shown as YB and IM; any other code as it is. */
export const venueLabel = (venueCode: string): string => VENUE_CODE_ALIASES[venueCode] ?? venueCode;

/** Seed 4: a sports venue is open only when its status is 0. */
export const isVenueOpen = (venue: Pick<SportsVenue, 'status'> | undefined): boolean => venue?.status === VENUE_OPEN;

/** Seed 9: World Cup matches are those of the World Cup's ids at the venues. */
export const isWorldCupMatch = (match: { tid: number }): boolean => WORLD_CUP_VENUE_IDS.includes(match.tid);

/** Where the member lands on the sports screen: in an open venue, or back home (seed 2, 4). */
export type VenueChoice = { venueCode: SportsVenue['venueCode'] } | { redirect: '/app/home' };

/**
 * The venue to show. One the member asked for (a link, a tap) must be open, else the member goes
 * home; without a request the remembered venue if open, else the first open one, else home.
 */
export function chooseVenue(venues: SportsVenue[], asked: string | null, remembered: string | null): VenueChoice {
  if (asked) {
    const venue = venues.find((v) => v.venueCode === asked);
    return isVenueOpen(venue) ? { venueCode: venue!.venueCode } : { redirect: '/app/home' };
  }
  const open = venues.filter(isVenueOpen);
  const pick = open.find((v) => v.venueCode === remembered) ?? open[0];
  return pick ? { venueCode: pick.venueCode } : { redirect: '/app/home' };
}
