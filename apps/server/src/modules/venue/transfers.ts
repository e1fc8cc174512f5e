import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import { AppError, fail } from '../../platform/http/index.ts';
import { claimKey, requestHash } from '../../platform/idempotency.ts';
import type { WalletOwner } from '../wallet/index.ts';
import { callVenue, type VenueOutcome } from './adapter.ts';
import { openVenue, venueAdapter } from './registry.ts';
import { noteError, reserve, settle, syncMirror, type TransferAnswer, type VenueTransferRow } from './settle.ts';

export interface VenueMove {
  apiName: string;
  amountMinor: bigint;
  /** true: venue -> main (seed: transfer_out). */
  out: boolean;
}

type Started = { answer: TransferAnswer } | { row: VenueTransferRow };

/** Claims the key (pending) and takes the member's one transfer slot for this venue; 'in' also reserves. */
async function start(db: Db, owner: WalletOwner, key: string | null, hash: string, move: VenueMove): Promise<Started> {
  return db.transaction(async (tx) => {
    if (key) {
      const claim = await claimKey<TransferAnswer>(tx, owner.memberId, key, hash, 'pending');
      if (!claim.fresh) return { answer: claim.response };
    }
    const [row] = (await tx.execute(sql`
      WITH id AS (SELECT nextval('venue_transfers_transfer_id_seq') AS v)
      INSERT INTO venue_transfers (transfer_id, ref, member_id, site_id, currency, api_name, direction, amount_minor, idempotency_key)
      SELECT v, 'VT' || v, ${owner.memberId}, ${owner.siteId}, ${owner.currency}, ${move.apiName}, ${move.out ? 'out' : 'in'},
             ${move.amountMinor.toString()}, ${key}
      FROM id
      ON CONFLICT (member_id, api_name) WHERE status = 'pending' DO NOTHING
      RETURNING *`)).rows as unknown as VenueTransferRow[];
    if (!row) return fail('VENUE_PENDING', { msg: '该平台有一笔转账正在处理，请稍后再试' });
    if (!move.out) await reserve(tx, row);
    return { row };
  });
}

/** 'out' only: the venue's own balance is read while we hold the slot, then the mirror follows it and the amount is reserved. */
async function reserveOut(db: Db, row: VenueTransferRow): Promise<void> {
  const adapter = venueAdapter(db, row.api_name);
  try {
    const venueBalance = await callVenue(adapter, (a) => a.balance(Number(row.member_id)));
    await db.transaction(async (tx) => {
      await syncMirror(tx, row, venueBalance);
      await reserve(tx, row);
    });
  } catch (err) {
    // Nothing reached the venue's books: the transfer fails here and the key is freed.
    await settle(db, Number(row.transfer_id), 'failed', null, String((err as Error).message));
    if (err instanceof AppError) throw err;
    fail('VENUE_UNAVAILABLE');
  }
}

/**
 * A two-phase transfer between the main wallet and a venue: reserve (main or venue -> transit,
 * the key held 'pending'), call the venue with our ref, then commit (transit -> target, key done)
 * or release (transit -> source, key freed). When the venue's answer is unknown (timeout, crash,
 * network) the transfer stays pending and answers VENUE_PENDING; the reconciliation settles it by
 * asking the venue, never by guessing.
 */
export async function transferWithVenue(db: Db, owner: WalletOwner, key: string | null, body: unknown, move: VenueMove): Promise<TransferAnswer> {
  await openVenue(db, move.apiName);
  const started = await start(db, owner, key, requestHash(body), move);
  if ('answer' in started) return started.answer;
  const row = started.row;
  if (move.out) await reserveOut(db, row);

  const adapter = venueAdapter(db, move.apiName);
  let outcome: VenueOutcome;
  try {
    outcome = await callVenue(adapter, (a) => (move.out ? a.withdraw : a.deposit).call(a, row.ref, owner.memberId, move.amountMinor));
  } catch (err) {
    await noteError(db, Number(row.transfer_id), err);
    return fail('VENUE_PENDING', { data: { ref: row.ref } });
  }
  const answer = await settle(db, Number(row.transfer_id), outcome.status, outcome.status === 'success' ? outcome.balanceMinor : null, outcome.status === 'failed' ? outcome.reason : undefined);
  if (outcome.status === 'failed') fail('VENUE_UNAVAILABLE', { msg: outcome.reason });
  return answer;
}
