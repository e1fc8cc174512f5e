import { WebSocket } from 'ws';
import { unbatch, type Frame } from '@bp/contract';

/**
 * A WebSocket client for tests: keeps every frame it receives and waits for the ones it wants. A
 * `batch` counts as the frames it holds (as the site's client reads it); `received` keeps the
 * frames as they came.
 */
export interface TestSocket {
  ws: WebSocket;
  frames: Frame[];
  received: Frame[];
  send(frame: object): void;
  /** The first frame (already received or still to come) that matches, or a timeout error. */
  next(match: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  /** Resolves with the close code once the server closes the socket. */
  closed: Promise<number>;
  close(): void;
}

export async function openSocket(url: string): Promise<TestSocket> {
  const ws = new WebSocket(url);
  const frames: Frame[] = [];
  const received: Frame[] = [];
  const waiters: Array<{ match: (f: Frame) => boolean; resolve: (f: Frame) => void }> = [];
  const take = (frame: Frame) => {
    frames.push(frame);
    for (const w of [...waiters]) {
      if (w.match(frame)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frame);
      }
    }
  };
  ws.on('message', (raw: Buffer) => {
    const frame = JSON.parse(raw.toString()) as Frame;
    received.push(frame);
    unbatch(frame).forEach(take);
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code: number) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    frames,
    received,
    closed,
    send: (frame) => ws.send(JSON.stringify(frame)),
    next(match, timeoutMs = 3_000) {
      const seen = frames.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching frame in time')), timeoutMs);
        waiters.push({ match, resolve: (f) => (clearTimeout(timer), resolve(f)) });
      });
    },
    close: () => ws.close(),
  };
}
