import { fromMinor, toMinor } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { once, type IdempotencyKey } from '../../platform/idempotency.ts';
import { fail } from '../../platform/http/index.ts';
import { listVenues, refuseIfClosed, SandboxVenue, venueAdapter } from '../venue/index.ts';
import { payoutOf, RETURN_TO_PLAYER, spinSlot } from './slot.ts';
import { liveTicket, playDemo, type Ticket } from './tickets.ts';
import { gameOf } from './catalogue.ts';
import { recordRound } from './records.ts';
import { getMember } from '../auth/index.ts';
import { listSites, type SiteContext } from '../site/index.ts';

/**
 * The built-in sandbox venue a built-in game plays at, open (GAME_VENUE_CLOSED under maintenance,
 * or when a provider's adapter stands in for the sandbox): the slot, 抢庄牛牛 at KY, the fish venue.
 */
export async function sandboxVenue(db: Db, apiName: string): Promise<SandboxVenue> {
  const venue = (await listVenues(db)).find((v) => v.api_name === apiName);
  if (!venue) return fail('GAME_VENUE_CLOSED');
  refuseIfClosed(venue, 'GAME_VENUE_CLOSED');
  const adapter = venueAdapter(db, apiName);
  return adapter instanceof SandboxVenue ? adapter : fail('GAME_VENUE_CLOSED');
}

/** A built-in game's venue as its screen shows it: its name, maintenance state and the member's balance there. */
export async function venueStanding(db: Db, apiName: string, memberId: number) {
  const venue = (await listVenues(db)).find((v) => v.api_name === apiName);
  return { venueName: venue?.name ?? apiName, status: venue?.status ?? 1, balance: fromMinor(await venueAdapter(db, apiName).balance(memberId)) };
}

/** The sandbox venue a member's ticket plays at; only our own sandbox runs these games. */
const sandboxOf = (db: Db, t: Ticket): Promise<SandboxVenue> => sandboxVenue(db, t.api_name);

const balanceOf = async (db: Db, t: Ticket): Promise<bigint> =>
  t.member_id === null ? BigInt(t.demo_balance!) : (await sandboxOf(db, t)).balance(Number(t.member_id));

/** The currency a ticket plays in: the member's site's, or for a demo the visitor's site's. */
async function currencyOf(db: Db, t: Ticket, visitorSite: SiteContext): Promise<string> {
  if (t.member_id === null) return visitorSite.currency;
  const member = await getMember(db, Number(t.member_id));
  return (member && (await listSites(db)).byId.get(member.siteId)?.currency) || visitorSite.currency;
}

/** What the game page shows on opening: the game, the balance it plays with and its currency, the way back. */
export async function ticketInfo(db: Db, ticket: string, visitorSite: SiteContext) {
  const t = await liveTicket(db, ticket);
  const venueName = (await listVenues(db)).find((v) => v.api_name === t.api_name)?.name ?? t.api_name;
  return {
    gameName: t.game_id ? (await gameOf(db, t.game_id)).game_name : venueName,
    venueName,
    balance: fromMinor(await balanceOf(db, t)),
    currency: (await currencyOf(db, t, visitorSite)) as 'CNY' | 'USDT',
    demo: t.member_id === null,
    rollbackAddress: t.rollback_address,
    rtp: RETURN_TO_PLAYER,
  };
}

/** Whose rounds a ticket plays: the member's, or (member 0) the visitors' of demo tickets. */
const roundOwner = (t: Ticket): number => (t.member_id === null ? 0 : Number(t.member_id));

/**
 * One round, `key` its Idempotency-Key: the stake (at most what the player holds at the venue)
 * against the slot's outcome, settled at the venue's own books by `SandboxVenue.play`, or on the
 * demo's play money. A repeated key (a retry after a lost answer) answers the first round's result
 * and plays nothing again; the key is claimed in the round's transaction, so twins wait for it.
 */
export async function spin(db: Db, ticket: string, stake: number, key: IdempotencyKey) {
  const t = await liveTicket(db, ticket);
  const venue = t.member_id === null ? null : await sandboxOf(db, t);
  const stakeMinor = toMinor(stake);
  const siteId = t.member_id === null ? null : (await getMember(db, Number(t.member_id)))?.siteId;
  const game = { gameCode: t.game_id ?? t.api_name, gameName: t.game_id ? (await gameOf(db, t.game_id)).game_name : t.api_name };
  return once(db, roundOwner(t), key, { spin: t.ticket, stake }, async (tx) => {
    const outcome = spinSlot();
    const payout = payoutOf(stakeMinor, outcome);
    const balance = venue
      ? ((await venue.play(Number(t.member_id), stakeMinor, payout, tx)) ?? fail('GAME_STAKE_ABOVE_BALANCE'))
      : await playDemo(tx, t.ticket, stakeMinor, payout);
    if (venue && siteId) {
      const roundId = `${t.ticket}:${key.key}`;
      const detail = { symbols: outcome.symbols, multiplier: outcome.tenths / 10 };
      const round = { roundId, memberId: Number(t.member_id), siteId, apiName: t.api_name, kind: 'egame' as const, ...game, detail };
      await recordRound(tx, { ...round, stakeMinor, payoutMinor: payout, balanceBeforeMinor: balance + stakeMinor - payout, balanceAfterMinor: balance });
    }
    return { symbols: outcome.symbols, multiplier: outcome.tenths / 10, win: fromMinor(payout), balance: fromMinor(balance), demo: t.member_id === null };
  });
}
