import type { z } from 'zod';
import { fromMinor, type VenueLaunchBody } from '@bp/contract';
import type { Deps } from '../../platform/deps.ts';
import type { Db } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import type { IdempotencyKey } from '../../platform/idempotency.ts';
import { announceBalance, balanceOf, gatherToMain, memberAccount, type WalletOwner } from '../wallet/index.ts';
import {
  autoTransferStatus,
  launchableMainWalletVenues,
  listVenues,
  mainWalletLaunchUrl,
  mainWalletVenues,
  offeredVenues,
  refuseIfClosed,
  transferWithVenue,
  type VenueRow,
} from '../venue/index.ts';
import { gameOf } from './catalogue.ts';
import { cacheable, cachedTicket, gameUrl, issueDemoTicket, issueTicket, launchedBefore, rollbackPath, type Ticket } from './tickets.ts';

type LaunchBody = z.infer<typeof VenueLaunchBody>;

/**
 * A venue open for play: one the catalogue offers games of (or a seamless provider's, while it is
 * playable), open (seed 4: only when its status is 0).
 */
async function openForPlay(db: Db, apiName: string): Promise<VenueRow> {
  const venue = (await listVenues(db)).find((v) => v.api_name === apiName);
  if (!venue) return fail('GAME_VENUE_UNKNOWN');
  const [offered, playable] = await Promise.all([offeredVenues(db), launchableMainWalletVenues(db)]);
  if (!offered.has(apiName) && !playable.has(apiName)) fail('GAME_VENUE_NOT_OFFERED');
  refuseIfClosed(venue, 'GAME_VENUE_CLOSED');
  return venue;
}

/**
 * A member's launch (seed 3 "Venue launch"). With auto-transfer on, the whole main balance moves
 * into the venue first, under a key derived from the launch's own key, so a repeated launch moves
 * nothing twice and answers the first ticket. `isUseCache` reuses a launch of the last 60 s (never
 * for AG venues); `resetDpDomain` answers the URL on this request's own domain. A seamless
 * provider's venue plays from main: what venues hold comes back to main, nothing goes out, and
 * the answer is the provider's launch address with the ticket as its token.
 */
export async function launchVenue(deps: Deps, owner: WalletOwner, sessionId: number, key: IdempotencyKey, body: LaunchBody, origin: string) {
  const { db } = deps;
  const url = async (t: Pick<Ticket, 'ticket' | 'api_name' | 'game_id'>) =>
    (await mainWalletLaunchUrl(db, t.api_name, t.ticket, t.game_id)) ?? gameUrl(t.ticket, body.resetDpDomain ? origin : null);
  const earlier = await launchedBefore(db, owner.memberId, key.key);
  if (earlier) return { url: await url(earlier), transferred: fromMinor(earlier.transferred_minor) };

  const venue = await openForPlay(db, body.venueEnName);
  const gameId = body.gameId ? (await gameOf(db, body.gameId, venue.api_name)).game_id : null;
  const rollback = rollbackPath(body.rollbackAddress);
  const seamless = (await mainWalletVenues(db)).has(venue.api_name);
  // 免转钱包: what other venues hold comes back first, then the whole main balance goes in.
  await gatherToMain(db, owner, key, seamless ? undefined : venue.api_name);
  const transferredMinor = seamless ? 0n : await autoTransferIn(deps, owner, key, body, venue.api_name);

  const cached = body.isUseCache && cacheable(venue.api_name) ? await cachedTicket(db, sessionId, venue.api_name, gameId) : null;
  const ticket =
    cached?.ticket ??
    (await issueTicket(db, { memberId: owner.memberId, sessionId, launchKey: key.key, apiName: venue.api_name, gameId, rollback, transferredMinor })).ticket;
  return { url: await url({ ticket, api_name: venue.api_name, game_id: gameId }), transferred: fromMinor(transferredMinor) };
}

/** The main balance into the venue when the member's auto-transfer is on; what moved. */
async function autoTransferIn(deps: Deps, owner: WalletOwner, key: IdempotencyKey, body: LaunchBody, apiName: string): Promise<bigint> {
  if (!(await autoTransferStatus(deps.db, owner.memberId))) return 0n;
  const main = await balanceOf(deps.db, await memberAccount(deps.db, owner));
  if (main <= 0n) return 0n;
  const answer = await transferWithVenue(deps.db, owner, { key: `launch:${key.key}`, route: key.route }, body, { apiName, amountMinor: main, out: false });
  await announceBalance(deps, owner, 'transfer', answer.main);
  return main;
}

/** A visitor's demo: play money only, nothing of any member's. */
export async function demoLaunch(db: Db, body: Pick<LaunchBody, 'venueEnName' | 'gameId' | 'rollbackAddress'>) {
  const venue = await openForPlay(db, body.venueEnName);
  // A provider's games play members' money only: it has no play money of ours to demo.
  if ((await mainWalletVenues(db)).has(venue.api_name)) fail('GAME_VENUE_NOT_OFFERED', { msg: '该游戏不提供试玩，请登录后进入' });
  const game = await gameOf(db, body.gameId ?? fail('GAME_NOT_FOUND'), venue.api_name);
  const ticket = await issueDemoTicket(db, venue.api_name, game.game_id, rollbackPath(body.rollbackAddress));
  return { url: gameUrl(ticket, null), transferred: 0 };
}
