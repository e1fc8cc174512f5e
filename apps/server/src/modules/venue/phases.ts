import { sql } from 'drizzle-orm';
import { Errors, fromMinor, type ErrorName } from '@bp/contract';
import { arrayLiteral, preparedCall, type ArrayElement, type Db } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import { batcherPerDatabase, type Outcome } from '../../platform/batch.ts';
import { callPrepared } from './prepared.ts';
import { houseSliceKey, memberAccountKey, type CurrencyCode, type WalletOwner } from '../wallet/index.ts';

/**
 * The phases of a two-phase venue transfer, each one statement and its own transaction (SQL
 * functions in sql/; venue_transfer_begin.sql writes down the rules and the lock order): begin
 * (key claimed, slot taken, reserve), reserve (an 'out' whose mirror was behind the venue), settle
 * (commit or release, key completed or freed). transfers.ts drives them around the venue's call.
 */

/** A row of venue_transfers: one two-phase movement between the main wallet and a venue. */
export interface VenueTransferRow {
  transfer_id: number;
  ref: string;
  member_id: number;
  site_id: number;
  currency: CurrencyCode;
  api_name: string;
  /** follow: no money moved, the slot held while the venue's figure is read (followVenue). */
  direction: 'in' | 'out' | 'follow';
  amount_minor: string;
  status: 'pending' | 'success' | 'failed';
  idempotency_key: string | null;
}

export interface TransferAnswer {
  main: number;
  venue: number;
}

export interface VenueMove {
  apiName: string;
  amountMinor: bigint;
  /** true: venue -> main (seed: transfer_out). */
  out: boolean;
}

/** The first answer of a key used before, or the transfer begun (reserved unless an 'out' must first read the venue). */
export type Begun = { answer: TransferAnswer } | { transferId: number; ref: string; reserved: boolean };

const REFUSAL_OPTIONS: Partial<Record<ErrorName, AppError['options']>> = {
  VENUE_PENDING: { msg: '该平台有一笔转账正在处理，请稍后再试' },
  IDEMPOTENCY_IN_FLIGHT: { httpStatus: 409 },
};

/** The phases' SQL functions and the columns read from each. */
const PHASES = {
  venue_transfer_begin: 'answer, started_id, started_ref, reserved',
  venue_transfer_reserve: '1 AS done',
  venue_transfer_settle: 'main_balance, venue_balance',
  venue_follow_begin: 'started_id',
  venue_follow_settle: 'booked',
} as const;

/** A refusal of a phase (SQLSTATE BP001, the catalogue's name as message) as the catalogue's error, else null. */
function refusalOf(code: string | undefined, message: string | null | undefined): AppError | null {
  if (code !== 'BP001' || !message || !(message in Errors)) return null;
  const name = message as ErrorName;
  return new AppError(name, REFUSAL_OPTIONS[name]);
}

/** Runs a phase; a refusal becomes the catalogue's error. */
async function runPhase<T>(db: Db, phase: keyof typeof PHASES, values: unknown[]): Promise<T> {
  try {
    return (await callPrepared(db, phase, PHASES[phase], values))[0] as T;
  } catch (err) {
    // Drizzle wraps the driver's error: the SQLSTATE is on its cause.
    const { code, message } = ((err as { cause?: unknown }).cause ?? err) as { code?: string; message?: string };
    throw refusalOf(code, message) ?? err;
  }
}

/**
 * A phase gathered with its concurrent twins into one statement (SQL venue_transfer_begin_many.sql, _settle_many.sql,
 * the sandbox's venue_sandbox_move_many.sql; issue 18): each transfer answers alone, a refused one
 * (a row whose `refusal` is set) with its error; when the batch's statement fails as a whole, each
 * goes again alone through the one-transfer phase. One batcher per database. `types` are the
 * function's arguments (arrays), `valuesOf` an operation's value for each: argument c holds every
 * operation's c-th value.
 */
export function phaseBatcher<I, R>(
  many: string,
  types: readonly string[],
  valuesOf: (item: I) => readonly ArrayElement[],
  single: (db: Db, item: I) => Promise<R>,
  turnOf: (item: I) => string,
): (db: Db, item: I) => Promise<R> {
  const call = preparedCall(many, '*', types);
  const columns = (items: I[]): string[] => {
    const rows = items.map(valuesOf);
    return types.map((_, c) => arrayLiteral(rows.map((r) => r[c])));
  };
  return batcherPerDatabase((db: Db) => ({
    turnOf,
    alone: (one: I) => single(db, one),
    run: async (items: I[]) => {
      const rows = await call(db, columns(items));
      return (rows as Array<Record<string, unknown> & { refusal?: string | null }>).map((row): Outcome<R> => {
        const refused = row.refusal == null ? null : (refusalOf('BP001', row.refusal) ?? new Error(row.refusal));
        return refused ? { ok: false, error: refused } : { ok: true, value: row as R };
      });
    },
  }));
}

const minor = (value: unknown): bigint => BigInt(value as string);

/** The keys of the four accounts a transfer of the member at the venue moves money between. */
const accountKeys = ({ memberId, siteId, currency }: WalletOwner, apiName: string) => [
  memberAccountKey(memberId, 'main'),
  memberAccountKey(memberId, 'venue', apiName),
  memberAccountKey(memberId, 'transit'),
  houseSliceKey(siteId, currency, 'venues', memberId),
];

interface BeginAsk {
  owner: WalletOwner;
  key: string | null;
  hash: string;
  move: VenueMove;
}
type BeginRow = { answer: TransferAnswer | null; started_id: unknown; started_ref: string; reserved: boolean };

const beginArgs = ({ owner, key, hash, move }: BeginAsk) =>
  [
    owner.memberId,
    owner.siteId,
    owner.currency,
    move.apiName,
    move.out ? 'out' : 'in',
    move.amountMinor.toString(),
    key,
    hash,
    ...accountKeys(owner, move.apiName),
  ] as const;

/** Phase one, batched with the transfers begun at the same time (one per member in a batch). */
const beginBatched = phaseBatcher<BeginAsk, BeginRow>(
  'venue_transfer_begin_many',
  ['bigint[]', 'integer[]', 'text[]', 'text[]', 'text[]', 'bigint[]', 'text[]', 'text[]', 'text[]', 'text[]', 'text[]', 'text[]'],
  beginArgs,
  (db, ask) => runPhase<BeginRow>(db, 'venue_transfer_begin', [...beginArgs(ask)]),
  (ask) => String(ask.owner.memberId),
);

export async function beginTransfer(db: Db, owner: WalletOwner, key: string | null, hash: string, move: VenueMove): Promise<Begun> {
  const row = await beginBatched(db, { owner, key, hash, move });
  if (row.answer) return { answer: row.answer };
  return { transferId: Number(row.started_id), ref: row.started_ref, reserved: row.reserved };
}

/** An 'out' whose mirror was short: the mirror takes the venue's figure (read while holding the slot), then the reserve. */
export async function reserveFromVenue(db: Db, transferId: number, venueBalance: bigint): Promise<void> {
  await runPhase(db, 'venue_transfer_reserve', [transferId, venueBalance.toString()]);
}

/**
 * Phase two, once the venue's outcome is known: 'success' commits, 'failed' releases whatever was
 * reserved; given the venue's balance, our mirror then takes that figure. Settles a transfer once,
 * whoever comes first (the request or the reconciliation).
 */
export async function settle(db: Db, transferId: number, outcome: 'success' | 'failed', venueBalance: bigint | null, error?: string): Promise<TransferAnswer> {
  const row = await settleBatched(db, [transferId, outcome, venueBalance?.toString() ?? null, error ?? null]);
  return { main: fromMinor(minor(row.main_balance)), venue: fromMinor(minor(row.venue_balance)) };
}

type SettleAsk = [transferId: number, outcome: string, venueBalance: string | null, error: string | null];
type SettleRow = { main_balance: unknown; venue_balance: unknown };

/** Phase two, batched with the transfers settled at the same time. */
const settleBatched = phaseBatcher<SettleAsk, SettleRow>(
  'venue_transfer_settle_many',
  ['bigint[]', 'text[]', 'bigint[]', 'text[]'],
  (ask) => ask,
  (db, ask) => runPhase<SettleRow>(db, 'venue_transfer_settle', ask),
  (ask) => String(ask[0]),
);

/**
 * A follow takes the member's transfer slot at the venue (SQL function sql/venue_follow_begin.sql). Null when a transfer
 * holds it, or when the member never had one there.
 */
export async function beginFollow(db: Db, owner: WalletOwner, apiName: string): Promise<number | null> {
  const { memberId, siteId, currency } = owner;
  const row = await runPhase<{ started_id: unknown }>(db, 'venue_follow_begin', [memberId, siteId, currency, apiName, ...accountKeys(owner, apiName)]);
  return row.started_id === null ? null : Number(row.started_id);
}

/** Our mirror takes the venue's figure, read while the follow held the slot. Answers the difference booked. */
export async function settleFollow(db: Db, transferId: number, venueBalance: bigint): Promise<bigint> {
  return minor((await runPhase<{ booked: unknown }>(db, 'venue_follow_settle', [transferId, venueBalance.toString()])).booked);
}

/** Records why a venue call left a transfer pending (timeout, network). */
export async function noteError(db: Db, transferId: number, error: unknown): Promise<void> {
  await db.execute(sql`UPDATE venue_transfers SET last_error = ${String((error as Error)?.message ?? error).slice(0, 500)} WHERE transfer_id = ${transferId}`);
}
