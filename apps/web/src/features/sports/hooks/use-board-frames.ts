import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { MatchSummary, SportsListData } from '@bp/contract';
import { applyMatchFrame } from '../model/live.ts';
import { followedMatches } from '../model/board.ts';
import { useMatchFrames } from './use-match-frames.ts';

const matchIdOf = (ch: string) => Number(ch.slice(ch.indexOf(':') + 1));
const ended = (m: MatchSummary) => m.status === 'finished' || m.status === 'cancelled';

/** Keeps a board's live matches moving with their channels; a match that ends leaves the board. */
export function useBoardFrames(key: QueryKey, list: MatchSummary[]): void {
  const queryClient = useQueryClient();
  useMatchFrames(
    followedMatches(list),
    (frame) => {
      const id = matchIdOf(frame.ch);
      queryClient.setQueryData<SportsListData>(key, (old) =>
        old ? { ...old, list: old.list.flatMap((m) => (m.matchId !== id ? [m] : [applyMatchFrame(m, frame).match].filter((x) => !ended(x)))) } : old,
      );
    },
    () => void queryClient.invalidateQueries({ queryKey: key }),
  );
}
