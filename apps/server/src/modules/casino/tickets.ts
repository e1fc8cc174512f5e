import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { lostSessions } from '../auth/index.ts';

/** A launch of the sandbox game, as the game page's calls find it by its ticket. */
export interface Ticket {
  ticket: string;
  member_id: number | null;
  api_name: string;
  game_id: string | null;
  rollback_address: string;
  demo_balance: string | null;
  transferred_minor: string;
  session_id: number | string | null;
}

const MEMBER_TICKET_HOURS = 4;
const DEMO_TICKET_HOURS = 1;
/** Play money a demo starts with, in minor units. */
export const DEMO_BALANCE_MINOR = 200_000n;
/** Seed 7: a cached launch is reused for 60 s, never for a venue whose name contains AG. */
const CACHE_SECONDS = 60;
export const cacheable = (apiName: string) => !/AG/i.test(apiName);

const newTicket = () => randomBytes(24).toString('hex');

export const gameUrl = (ticket: string, origin: string | null) => `${origin ?? ''}/sandbox/game?ticket=${ticket}`;

/** Only a path of this site: the game page's back button must not lead elsewhere (no open redirect). */
export function rollbackPath(address: string | undefined): string {
  if (!address) return '/app/home';
  if (!address.startsWith('/') || address.startsWith('//') || /[\\\s]/.test(address)) fail('GAME_ROLLBACK_INVALID');
  return address;
}

export interface Launch {
  memberId: number;
  /** The session that launches: the ticket lives no longer than it. */
  sessionId: number;
  launchKey: string;
  apiName: string;
  gameId: string | null;
  rollback: string;
  transferredMinor: bigint;
}

/** The ticket of a launch; the same launch key answers the ticket issued first. */
export async function issueTicket(db: DbOrTx, l: Launch): Promise<Ticket> {
  await db.execute(sql`
    INSERT INTO casino_tickets (ticket, member_id, session_id, launch_key, api_name, game_id, rollback_address, transferred_minor, expires_at)
    VALUES (${newTicket()}, ${l.memberId}, ${l.sessionId}, ${l.launchKey}, ${l.apiName}, ${l.gameId}, ${l.rollback}, ${l.transferredMinor.toString()},
            now() + make_interval(hours => ${MEMBER_TICKET_HOURS}))
    ON CONFLICT (member_id, launch_key) DO NOTHING`);
  return (await launchedBefore(db, l.memberId, l.launchKey))!;
}

export async function launchedBefore(db: DbOrTx, memberId: number, launchKey: string): Promise<Ticket | null> {
  const [row] = await rowsOf<Ticket>(db, sql`SELECT * FROM casino_tickets WHERE member_id = ${memberId} AND launch_key = ${launchKey}`);
  return row ?? null;
}

/** A ticket of the same session, venue and game issued within the cache window, still valid. */
export async function cachedTicket(db: DbOrTx, sessionId: number, apiName: string, gameId: string | null): Promise<Ticket | null> {
  const [row] = await rowsOf<Ticket>(
    db,
    sql`
    SELECT * FROM casino_tickets
    WHERE session_id = ${sessionId} AND api_name = ${apiName} AND game_id IS NOT DISTINCT FROM ${gameId}
      AND created_at > now() - make_interval(secs => ${CACHE_SECONDS}) AND expires_at > now()
    ORDER BY created_at DESC LIMIT 1`,
  );
  return row ?? null;
}

export async function issueDemoTicket(db: DbOrTx, apiName: string, gameId: string | null, rollback: string): Promise<string> {
  const ticket = newTicket();
  await db.execute(sql`
    INSERT INTO casino_tickets (ticket, api_name, game_id, rollback_address, demo_balance, expires_at)
    VALUES (${ticket}, ${apiName}, ${gameId}, ${rollback}, ${DEMO_BALANCE_MINOR.toString()}, now() + make_interval(hours => ${DEMO_TICKET_HOURS}))`);
  return ticket;
}

/** A ticket still valid, and a member's only while the session that launched it lives; else GAME_TICKET_EXPIRED. */
export async function liveTicket(db: DbOrTx, ticket: string): Promise<Ticket> {
  const [row] = await rowsOf<Ticket>(db, sql`SELECT * FROM casino_tickets WHERE ticket = ${ticket} AND expires_at > now()`);
  if (!row) return fail('GAME_TICKET_EXPIRED');
  if (row.session_id !== null && (await lostSessions(db, [Number(row.session_id)])).size > 0) fail('GAME_TICKET_EXPIRED');
  return row;
}

/** A demo spin on play money: the stake and the payout in one statement, never below zero. */
export async function playDemo(db: DbOrTx, ticket: string, stakeMinor: bigint, payoutMinor: bigint): Promise<bigint> {
  const [row] = await rowsOf<{ demo_balance: string }>(
    db,
    sql`
    UPDATE casino_tickets SET demo_balance = demo_balance - ${stakeMinor.toString()} + ${payoutMinor.toString()}
    WHERE ticket = ${ticket} AND demo_balance >= ${stakeMinor.toString()} RETURNING demo_balance`,
  );
  return row ? BigInt(row.demo_balance) : fail('GAME_STAKE_ABOVE_BALANCE');
}
