import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { channel, type ApiData, type Frame, type TableRound } from '@bp/contract';
import { call, keyed, newIdempotencyKey } from '../../shared/api/request.ts';
import { publicChannels } from '../../shared/realtime/channel-socket.ts';
import { useLoggedIn } from '../../shared/session/use-session.ts';
import { serverClock } from '../../shared/time/server-time.ts';

export type TableState = ApiData<'/api/tables/state'>;
export type TablesList = ApiData<'/api/tables/list'>;

/** The tables' calls. A bet is one intent: its key is made once and sent with every try. */
export const tablesApi = {
  list: () => call('/api/tables/list', {}),
  state: (tableId: string) => call('/api/tables/state', { tableId }),
  bet: (body: { tableId: string; roundNo: number; bets: Array<{ spot: string; amount: number }> }, key: string) => call('/api/tables/bet', body, keyed(key)),
  /** Entering a table is a launch of AG: with auto-transfer on, the main balance comes in. */
  enter: (gameId: string, here: string) =>
    call(
      '/api/game/venue/launch',
      { venueEnName: 'AG', gameId, rollbackAddress: here, isUseCache: false },
      { idempotencyKey: newIdempotencyKey(), silent: true },
    ),
  transferIn: (amount: number, key: string) => call('/api/wallet/transfer', { api_name: 'AG', amount, transfer_out: false }, keyed(key)),
};

/** Reads a table call and sets the site's server clock by its serverTime: the countdowns run on the server's clock. */
async function timed<T extends { serverTime: number }>(read: () => Promise<T>): Promise<T> {
  const sentAt = Date.now();
  const data = await read();
  serverClock.apply({ sentAt, receivedAt: Date.now(), serverNow: data.serverTime });
  return data;
}

export const useTablesList = () => useQuery({ queryKey: ['tables', 'list'], queryFn: () => timed(tablesApi.list), refetchInterval: 15_000 });

export function useTableState(tableId: string) {
  const member = useLoggedIn();
  return useQuery({ queryKey: ['tables', 'state', tableId, member], queryFn: () => timed(() => tablesApi.state(tableId)) });
}

/**
 * Follows tables' channels while a screen shows them: a round's frame replaces the round shown
 * when it is the same or a later one; a settled or void round reads the table again (the road, my
 * bets and balance); a resumed socket reads again what it may have missed.
 */
export function useTableFrames(tableIds: string[]) {
  const queries = useQueryClient();
  const ids = tableIds.join(',');
  const ref = useRef(queries);
  ref.current = queries;
  useEffect(() => {
    if (!ids) return;
    const refresh = () => void ref.current.invalidateQueries({ queryKey: ['tables'] });
    const onFrame = (frame: Frame) => {
      if (frame.type !== 'table.round') return;
      const { tableId, round } = frame.data;
      const apply = (old: { table: { round: TableRound } } | undefined) =>
        old && old.table.round.roundNo <= round.roundNo ? { ...old, table: { ...old.table, round } } : old;
      ref.current.setQueriesData<TableState>({ queryKey: ['tables', 'state', tableId] }, (old) => apply(old) as TableState | undefined);
      ref.current.setQueryData<TablesList>(['tables', 'list'], (old) =>
        old ? { ...old, list: old.list.map((t) => (t.tableId === tableId && t.round.roundNo <= round.roundNo ? { ...t, round } : t)) } : old,
      );
      if (round.status === 'settled' || round.status === 'void') refresh();
    };
    const stops = ids.split(',').map((id) => publicChannels.subscribe(channel.table(id), { onFrame, onResume: refresh }));
    return () => stops.forEach((stop) => stop());
  }, [ids]);
}
