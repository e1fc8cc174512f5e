/**
 * A venue (game provider) as the wallet sees it: it keeps its own ledger of the member's money on
 * its side. Every money call carries our `ref`, and the venue applies a ref at most once.
 */
export type VenueOutcome = { status: 'success'; balanceMinor: bigint | null } | { status: 'failed'; reason: string };

/**
 * What became of a ref. A ref the venue never saw must be fenced (refused for ever after) and
 * answered 'failed', so a late-arriving call can never apply it: the reconciliation then never
 * guesses. 'pending': the venue is still working on it; ask again later.
 */
export type VenueRefStatus = 'success' | 'failed' | 'pending';

export interface VenueAdapter {
  readonly apiName: string;
  /** How long a call may take before its outcome counts as unknown (default VENUE_TIMEOUT_MS). */
  readonly timeoutMs?: number;
  /** Main wallet -> venue: credit the member at the venue. */
  deposit(ref: string, memberId: number, amountMinor: bigint): Promise<VenueOutcome>;
  /** Venue -> main wallet: debit the member at the venue ('failed' when the venue balance is short). */
  withdraw(ref: string, memberId: number, amountMinor: bigint): Promise<VenueOutcome>;
  /** The member's balance at the venue, in minor units. */
  balance(memberId: number): Promise<bigint>;
  status(ref: string): Promise<VenueRefStatus>;
}

export const VENUE_TIMEOUT_MS = 10_000;

export class VenueTimeout extends Error {
  constructor(apiName: string, ms: number) {
    super(`venue ${apiName} did not answer within ${ms} ms`);
  }
}

/** A venue call bounded in time; on timeout its outcome is unknown (the reconciliation settles it). */
export function callVenue<T>(adapter: VenueAdapter, call: (a: VenueAdapter) => Promise<T>): Promise<T> {
  const ms = adapter.timeoutMs ?? VENUE_TIMEOUT_MS;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new VenueTimeout(adapter.apiName, ms)), ms);
    call(adapter).then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}
