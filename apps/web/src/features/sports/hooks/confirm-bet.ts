import type { BetConfirmedEvent, BetPlaceData } from '@bp/contract';
import { onMemberFrame } from '../../../shared/realtime/member-socket.ts';
import { serverClock } from '../../../shared/time/server-time.ts';
import { sportsApi } from '../api.ts';

export type Confirmation = Pick<BetConfirmedEvent, 'status' | 'odds' | 'reason'> | { status: 'unknown' };

const GRACE_MS = 800;
const POLL_MS = 1_500;
const MAX_POLLS = 20;

/**
 * The end of an in-play bet's delay: the member's channel says at once (`bet.confirmed`); should
 * the frame not come, the bet is read from the records once the delay is over (reading them
 * decides due bets). After half a minute without an answer the result is left to the records.
 */
export function awaitConfirmation(placed: Pick<BetPlaceData, 'orderId' | 'confirmAt'>): Promise<Confirmation> {
  return new Promise((resolve) => {
    let polls = 0;
    let timer: ReturnType<typeof setTimeout>;
    const done = (c: Confirmation) => {
      stop();
      clearTimeout(timer);
      resolve(c);
    };
    const stop = onMemberFrame('bet.confirmed', (e) => e.orderId === placed.orderId && done(e));
    const poll = async () => {
      const bet = await sportsApi
        .records(undefined, 1)
        .then((page) => page.list.find((b) => b.orderId === placed.orderId))
        .catch(() => undefined);
      if (bet && bet.status !== 'pending_delay')
        return done({ status: bet.status === 'rejected' ? 'rejected' : 'pending', odds: bet.odds, reason: bet.rejectReason });
      if (++polls >= MAX_POLLS) return done({ status: 'unknown' });
      timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, Math.max(0, (placed.confirmAt ?? 0) - serverClock.now()) + GRACE_MS);
  });
}
