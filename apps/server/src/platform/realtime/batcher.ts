import { BATCHED_TYPES, type BatchItem, type Frame } from '@bp/contract';

const batched: ReadonlySet<string> = new Set(BATCHED_TYPES);

/** Whether a frame may wait for its channel's next tick and go out with others in one `batch`. */
export const isBatched = (frame: Frame): frame is Frame<BatchItem['type']> => batched.has(frame.type);

/** A channel's frames held for its tick; `timer` runs while the channel is in its quiet time. */
interface Held {
  items: BatchItem[];
  timer: ReturnType<typeof setTimeout>;
}

export interface Batcher {
  /** A frame for a channel's subscribers: sent now, or held for the channel's tick. */
  add(frame: Frame): void;
  /** Drops what is held (the server is closing). */
  stop(): void;
}

/**
 * Sends a channel's sequenced frames (chat messages and removals) at most once per `everyMs`: the
 * first after a quiet moment goes at once, alone; what follows within the tick is held and goes
 * out at its end as one `batch`, in the room's sequence order. A room of thousands then costs one
 * frame per socket per tick, not one per message. Any other frame of the channel sends what is
 * held first, so frames never overtake each other. `everyMs` 0 sends everything at once.
 */
export function channelBatcher(everyMs: number, deliver: (frame: Frame) => void): Batcher {
  const held = new Map<string, Held>();

  const flush = (ch: string, h: Held) => {
    if (h.items.length === 0) return;
    const items = h.items.sort((a, b) => a.data.seq - b.data.seq);
    h.items = [];
    deliver(items.length === 1 ? ({ ch, ...items[0] } as Frame) : { ch, type: 'batch', data: { items } });
  };
  /** The tick's end: what was held goes out and a new quiet time starts; nothing held, the channel is quiet again. */
  const tick = (ch: string) => {
    const h = held.get(ch)!;
    if (h.items.length === 0) return held.delete(ch);
    flush(ch, h);
    h.timer = setTimeout(tick, everyMs, ch);
  };

  return {
    add(frame) {
      const h = held.get(frame.ch);
      if (everyMs <= 0) return deliver(frame);
      if (!isBatched(frame)) {
        if (h) flush(frame.ch, h);
        return deliver(frame);
      }
      if (h) return void h.items.push({ type: frame.type, data: frame.data } as BatchItem);
      deliver(frame);
      held.set(frame.ch, { items: [], timer: setTimeout(tick, everyMs, frame.ch) });
    },
    stop() {
      for (const h of held.values()) clearTimeout(h.timer);
      held.clear();
    },
  };
}
