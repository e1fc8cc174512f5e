import { stableStringify } from '../../../shared/api/cache.ts';
import { newIdempotencyKey } from '../../../shared/api/request.ts';

/**
 * Each placement carries an `Idempotency-Key`. A retry of the same bet (after a time-out or a
 * lost answer) sends the same key, so the server answers the first result and takes the stake
 * once; any change to the bet (stake, prices, policy) is a new bet with a new key.
 */
export interface KeyedBet {
  key: string;
  fingerprint: string;
}

export function keyFor(previous: KeyedBet | undefined, body: unknown, fresh: () => string = newIdempotencyKey): KeyedBet {
  const fingerprint = stableStringify(body);
  return previous && previous.fingerprint === fingerprint ? previous : { key: fresh(), fingerprint };
}
