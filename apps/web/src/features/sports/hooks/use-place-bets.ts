import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Errors, type BetPlaceData } from '@bp/contract';
import { ApiError } from '../../../shared/api/request.ts';
import { BALANCE_KEY } from '../../../shared/wallet/balance.ts';
import { sportsApi, sportsKeys } from '../api.ts';
import { keyFor, type KeyedBet } from '../model/placement-key.ts';
import { placementsOf, type Placement, type Slip, type SlipStakes } from '../model/slip.ts';
import { awaitConfirmation } from './confirm-bet.ts';
import { slip } from './slip-store.ts';

interface Base {
  slot: string;
  selectionIds: number[];
}
export type Outcome =
  | (Base & { state: 'placing' })
  | (Base & { state: 'waiting' | 'accepted'; placed: BetPlaceData })
  | (Base & { state: 'rejected'; placed: BetPlaceData; reason: string })
  | (Base & { state: 'unknown'; placed: BetPlaceData })
  | (Base & { state: 'failed'; message: string });

/** Whether a placement reached the book (placed, waiting, decided), as opposed to refused before. */
export const reachedBook = (o: Outcome): boolean => o.state !== 'placing' && o.state !== 'failed';

/** The terms a confirmed bet stands at: a lower price the member accepted changes its return (read back from the records). */
async function takenTerms(placed: BetPlaceData, odds: number): Promise<Pick<BetPlaceData, 'odds' | 'potentialReturn'>> {
  if (odds === placed.odds) return placed;
  const bet = await sportsApi.records(undefined, 1).then(
    (page) => page.list.find((b) => b.orderId === placed.orderId),
    () => undefined,
  );
  return { odds, potentialReturn: bet?.potentialReturn ?? placed.potentialReturn };
}

/** What a refusal says about the slip's prices: new odds, or a market that stopped taking bets. */
function reflectRefusal(e: ApiError): void {
  const data = e.data as { selections?: Array<{ selectionId: number; odds: number }>; selectionId?: number } | null;
  if (e.code === Errors.ODDS_CHANGED.code) slip.prices(data?.selections ?? []);
  else if (e.code === Errors.MARKET_SUSPENDED.code && data?.selectionId) slip.prices([{ selectionId: data.selectionId, status: 'suspended' }]);
  else if (e.code === Errors.MARKET_CLOSED.code && data?.selectionId) slip.prices([{ selectionId: data.selectionId, status: 'closed' }]);
}

/**
 * Places the slip's bets one after another, each under its own Idempotency-Key (kept for a retry
 * of the same bet), follows in-play bets through their delay, and refreshes the balance and the
 * records. A refusal for changed odds brings the new prices into the slip, where the member
 * confirms them.
 */
export function usePlaceBets() {
  const queryClient = useQueryClient();
  const keys = useRef(new Map<string, KeyedBet>());
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const patch = (slot: string, next: Partial<Outcome> & { state: Outcome['state'] }) =>
    setOutcomes((list) => list?.map((o) => (o.slot === slot ? ({ ...o, ...next } as Outcome) : o)) ?? null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: BALANCE_KEY });
    void queryClient.invalidateQueries({ queryKey: sportsKeys.allRecords });
  };

  const follow = async (slot: string, placed: BetPlaceData) => {
    const c = await awaitConfirmation(placed);
    if (c.status === 'pending') patch(slot, { state: 'accepted', placed: { ...placed, status: 'pending', ...(await takenTerms(placed, c.odds)) } });
    else if (c.status === 'rejected') patch(slot, { state: 'rejected', placed, reason: c.reason ?? '' });
    else patch(slot, { state: 'unknown', placed });
    refresh();
  };

  const placeAll = async (placements: Placement[]) => {
    setOutcomes(placements.map((p) => ({ slot: p.slot, selectionIds: p.body.selections.map((s) => s.selectionId), state: 'placing' })));
    for (const p of placements) {
      const keyed = keyFor(keys.current.get(p.slot), p.body);
      keys.current.set(p.slot, keyed);
      try {
        const placed = await sportsApi.place(p.body, keyed.key);
        keys.current.delete(p.slot);
        if (placed.status === 'pending_delay') {
          patch(p.slot, { state: 'waiting', placed });
          void follow(p.slot, placed);
        } else patch(p.slot, { state: 'accepted', placed });
      } catch (err) {
        const e = err instanceof ApiError ? err : new ApiError(Errors.INTERNAL.code, Errors.INTERNAL.msg);
        reflectRefusal(e);
        patch(p.slot, { state: 'failed', message: e.message });
      }
    }
  };
  const placing = useMutation({ mutationFn: placeAll, onSettled: refresh });

  return {
    outcomes,
    /** Places the slip's bets at the stakes typed; a tap while they are placed does nothing. */
    place: (current: Slip, stakes: SlipStakes) => !placing.isPending && placing.mutate(placementsOf(current, stakes)),
    reset: () => setOutcomes(null),
    busy: placing.isPending,
  };
}
