import { sql, TransactionRollbackError } from 'drizzle-orm';
import { fromMinor } from '@bp/contract';
import { executePrepared, type Db } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import { MemoryCache, forgetTag, scopeOf } from '../../platform/cache.ts';
import { claimKey, completeKey, requestHash, type IdempotencyKey } from '../../platform/idempotency.ts';
import { balanceOf, memberAccount, memberBalances, type WalletOwner } from '../wallet/index.ts';
import { callVenue } from './adapter.ts';
import { listVenues, venueAdapter } from './registry.ts';
import { offeredVenues } from './offers.ts';
import { walletVenues } from './main-wallet.ts';
import { followVenue, transferWithVenue } from './transfers.ts';

/** The venue's own figure when it answers in time, else our mirror of it. */
async function liveBalance(db: Db, apiName: string, memberId: number, mirror: bigint): Promise<bigint> {
  return callVenue(venueAdapter(db, apiName), (a) => a.balance(memberId)).catch(() => mirror);
}

/**
 * `/api/wallet/balance`: main, yeb, what is frozen (withdrawals under review, transfers under way),
 * and the venues: those offered, and any other still holding the member's money (to take it out).
 */
export async function walletBalances(db: Db, owner: WalletOwner) {
  const [b, venues, auto, offered] = await Promise.all([
    memberBalances(db, owner.memberId),
    listVenues(db).then((all) => walletVenues(db, all)),
    autoTransferStatus(db, owner.memberId),
    offeredVenues(db),
  ]);
  const live = await Promise.all(venues.map((v) => liveBalance(db, v.api_name, owner.memberId, b.venues[v.api_name] ?? 0n)));
  const atOpenVenues = auto ? venues.reduce((sum, v, i) => (v.status === 0 ? sum + live[i] : sum), 0n) : 0n;
  const shown = venues.map((v, i) => ({ v, held: live[i] })).filter(({ v, held }) => offered.has(v.api_name) || held > 0n);
  return {
    currency: owner.currency,
    main: fromMinor(b.main),
    yeb: fromMinor(b.yeb),
    frozen: fromMinor(b.hold + b.transit),
    venues: shown.map(({ v, held }) => ({ api_name: v.api_name, name: v.name, balance: fromMinor(held), status: v.status, offered: offered.has(v.api_name) })),
    spendable: fromMinor(b.main + atOpenVenues),
  };
}

/**
 * One-click recover: every open venue's balance back to main, each as its own two-phase transfer.
 * Venues that do not settle now are listed in `pending`. A repeat of the key answers the first
 * result; a concurrent twin sweeps nothing twice (one transfer per venue in flight at a time).
 * `keep`: a venue left as it is (auto-transfer's launch of it).
 */
export async function recoverAll(db: Db, owner: WalletOwner, idem: IdempotencyKey, keep?: string) {
  const { key } = idem;
  const hash = requestHash(idem, {});
  const earlier = await earlierAnswer<{ main: number; pending: string[] }>(db, owner.memberId, key, hash);
  if (earlier) return earlier;

  const pending: string[] = [];
  const { venues: mirrors } = await memberBalances(db, owner.memberId);
  for (const venue of (await walletVenues(db, await listVenues(db))).filter((v) => v.status === 0 && v.api_name !== keep)) {
    const balance = await callVenue(venueAdapter(db, venue.api_name), (a) => a.balance(owner.memberId)).catch(() => null);
    if (balance === null) {
      pending.push(venue.api_name);
      continue;
    }
    // Nothing to sweep, yet our books may still show what the member held there before losing it.
    if (balance === 0n) {
      if (mirrors[venue.api_name]) await followVenue(db, owner, venue.api_name);
      continue;
    }
    try {
      await transferWithVenue(db, owner, null, null, { apiName: venue.api_name, amountMinor: balance, out: true });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      pending.push(venue.api_name);
    }
  }
  const answer = { main: fromMinor(await balanceOf(db, await memberAccount(db, owner))), pending };
  return db.transaction(async (tx) => {
    const claim = await claimKey<typeof answer>(tx, owner.memberId, key, hash, 'done');
    if (!claim.fresh) return claim.response;
    await completeKey(tx, owner.memberId, key, answer);
    return answer;
  });
}

/** The answer of a key used before, without claiming a fresh one (the peek is rolled back). */
async function earlierAnswer<T>(db: Db, memberId: number, key: string, hash: string): Promise<T | null> {
  let earlier: T | null = null;
  await db
    .transaction(async (tx) => {
      const claim = await claimKey<T>(tx, memberId, key, hash, 'done');
      if (!claim.fresh) earlier = claim.response;
      else tx.rollback();
    })
    .catch((err) => {
      if (!(err instanceof TransactionRollbackError)) throw err;
    });
  return earlier;
}

export async function autoTransferStatus(db: Db, memberId: number): Promise<boolean> {
  // Read before every bet, withdrawal and launch (gatherToMain): kept in memory, forgotten on every instance when set.
  return autoTransfers.fromDb(
    db,
    String(memberId),
    async () => {
      const { rows } = await executePrepared(db, sql`SELECT auto_transfer FROM venue_settings WHERE member_id = ${memberId}`);
      return (rows[0] as { auto_transfer?: boolean } | undefined)?.auto_transfer ?? false;
    },
    autoTransferTag(memberId),
  );
}

const autoTransfers = new MemoryCache<boolean>(60_000);
const autoTransferTag = (memberId: number) => `auto-transfer:${memberId}`;

/**
 * With the member's auto-transfer on, every venue's balance back to main before main is spent
 * (wallet's gatherToMain): one-click recover under a key derived from the spending call's own, so a
 * repeated bet or withdrawal recovers nothing twice. Nothing is asked of the venues when our books
 * show nothing there.
 */
export async function bringBackForSpending(db: Db, owner: WalletOwner, key: IdempotencyKey, keep?: string): Promise<void> {
  if (!(await autoTransferStatus(db, owner.memberId))) return;
  // One member's spends at once (bets placed together) gather one after another: a twin that began
  // while the first's transfer out was under way would find the venue's slot taken and spend a
  // main the money had not reached yet; after it, it finds the money in main.
  const turn = `${scopeOf(db)}:${owner.memberId}`;
  const mine = (gathering.get(turn) ?? Promise.resolve()).catch(() => undefined).then(() => gatherFromVenues(db, owner, key, keep));
  gathering.set(turn, mine);
  try {
    await mine;
  } finally {
    if (gathering.get(turn) === mine) gathering.delete(turn);
  }
}

/** The gather under way (or last queued) of each member, on this instance. */
const gathering = new Map<string, Promise<void>>();

async function gatherFromVenues(db: Db, owner: WalletOwner, key: IdempotencyKey, keep?: string): Promise<void> {
  const { venues } = await memberBalances(db, owner.memberId);
  if (!Object.entries(venues).some(([apiName, minor]) => apiName !== keep && minor > 0n)) return;
  await recoverAll(db, owner, { key: `auto:${key.key}`, route: key.route }, keep);
}

/** Seed 4: the auto-transfer switch (a venue launch then moves the main balance there; a bet, a withdrawal or another launch brings it back). */
export async function setAutoTransfer(db: Db, memberId: number, status: boolean): Promise<boolean> {
  await db.execute(sql`
    INSERT INTO venue_settings (member_id, auto_transfer) VALUES (${memberId}, ${status})
    ON CONFLICT (member_id) DO UPDATE SET auto_transfer = excluded.auto_transfer, updated_at = now()`);
  forgetTag(autoTransferTag(memberId));
  return status;
}
