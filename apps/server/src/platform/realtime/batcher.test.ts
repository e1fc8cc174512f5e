import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { unbatch, type ChatMessage, type Frame } from '@bp/contract';
import { channelBatcher } from './batcher.ts';

const ROOM = 'chat:A1';
/** A chat message frame; only its channel, id and sequence matter to the batcher. */
const message = (seq: number, ch = ROOM): Frame => ({ ch, type: 'chat.message', data: { id: 1000 + seq, seq } as ChatMessage });
const removal = (seq: number, id: number): Frame => ({ ch: ROOM, type: 'chat.deleted', data: { chatRoomNo: 'A1', id, seq } });
const seqs = (frames: Frame[]) => frames.flatMap(unbatch).map((f) => (f.type === 'chat.message' || f.type === 'chat.deleted' ? f.data.seq : f.type));

describe('a channel’s batcher', () => {
  let sent: Frame[];
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
  });
  afterEach(() => vi.useRealTimers());

  it('sends the first message after a quiet moment at once, alone; those within the tick as one batch in sequence order', () => {
    const b = channelBatcher(50, (f) => sent.push(f));
    b.add(message(1));
    expect(sent).toEqual([message(1)]);
    [4, 2, 3].forEach((seq) => b.add(message(seq)));
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(50);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ ch: ROOM, type: 'batch' });
    expect(seqs(sent)).toEqual([1, 2, 3, 4]);
    // Busy still: one frame per tick; a lone message of a tick goes as itself.
    b.add(message(5));
    vi.advanceTimersByTime(50);
    expect(sent[2]).toEqual(message(5));
    // A whole tick with nothing: the channel is quiet again, and the next message goes at once.
    vi.advanceTimersByTime(50);
    b.add(message(6));
    expect(sent.at(-1)).toEqual(message(6));
    b.stop();
  });

  it('keeps removals in the sequence with the messages, and lets no other frame overtake what it holds', () => {
    const b = channelBatcher(50, (f) => sent.push(f));
    b.add(message(1));
    b.add(message(2));
    b.add(removal(3, 1002));
    b.add({ ch: ROOM, type: 'anchor.status', data: { anchorRoomId: 1, chatRoomNo: 'A1', anchorStatus: 2 } });
    expect(seqs(sent)).toEqual([1, 2, 3, 'anchor.status']);
    expect(sent[1]).toMatchObject({ type: 'batch', data: { items: [{ type: 'chat.message' }, { type: 'chat.deleted', data: { id: 1002 } }] } });
    b.stop();
  });

  it('holds each channel apart, and sends everything at once when batching is off', () => {
    const b = channelBatcher(50, (f) => sent.push(f));
    b.add(message(1));
    b.add(message(1, 'chat:B2'));
    b.add(message(2));
    expect(sent.map((f) => f.ch)).toEqual([ROOM, 'chat:B2']);
    b.stop();
    vi.advanceTimersByTime(100);
    expect(sent).toHaveLength(2);

    const off = channelBatcher(0, (f) => sent.push(f));
    [3, 4, 5].forEach((seq) => off.add(message(seq)));
    expect(sent.slice(2)).toEqual([message(3), message(4), message(5)]);
  });
});
