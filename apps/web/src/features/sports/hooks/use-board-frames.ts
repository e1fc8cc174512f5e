import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Frame, MatchSummary, SportsListData } from '@bp/contract';
import { applyMatchFrame } from '../model/live.ts';
import { followedMatches } from '../model/board.ts';
import { useMatchFrames } from './use-match-frames.ts';

/** A busy in-play board gets several frames a second: they are applied together, at most this often. */
export const BOARD_FRAME_BATCH_MS = 200;

const matchIdOf = (ch: string) => Number(ch.slice(ch.indexOf(':') + 1));
const ended = (m: MatchSummary) => m.status === 'finished' || m.status === 'cancelled';

/** The board with the frames applied in order; a match that ends leaves it, the others keep their objects (their cards do not re-render). */
export function applyBoardFrames(old: SportsListData, frames: Frame[]): SportsListData {
  const byMatch = new Map<number, Frame[]>();
  for (const frame of frames) {
    const id = matchIdOf(frame.ch);
    byMatch.set(id, [...(byMatch.get(id) ?? []), frame]);
  }
  const list = old.list.flatMap((m) => {
    const mine = byMatch.get(m.matchId);
    if (!mine) return [m];
    const next = mine.reduce((match, frame) => applyMatchFrame(match, frame).match, m);
    return ended(next) ? [] : [next];
  });
  return { ...old, list };
}

/** Keeps a board's live matches moving with their channels, one render per batch of frames. */
export function useBoardFrames(key: QueryKey, list: MatchSummary[]): void {
  const queryClient = useQueryClient();
  const pending = useRef<{ frames: Frame[]; timer: ReturnType<typeof setTimeout> | null }>({ frames: [], timer: null });
  const keyRef = useRef(key);
  keyRef.current = key;
  useEffect(() => {
    const batch = pending.current;
    return () => {
      if (batch.timer) clearTimeout(batch.timer);
      batch.timer = null;
      batch.frames = [];
    };
  }, []);
  useMatchFrames(
    followedMatches(list),
    (frame) => {
      const batch = pending.current;
      batch.frames.push(frame);
      batch.timer ??= setTimeout(() => {
        const frames = batch.frames;
        batch.frames = [];
        batch.timer = null;
        queryClient.setQueryData<SportsListData>(keyRef.current, (old) => (old ? applyBoardFrames(old, frames) : old));
      }, BOARD_FRAME_BATCH_MS);
    },
    () => void queryClient.invalidateQueries({ queryKey: keyRef.current }),
  );
}
