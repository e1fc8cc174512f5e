import type { Frame } from '@bp/contract';

/**
 * Public channels (`match:<id>`, `chat:<roomNo>`) for visitors and members alike: one socket per
 * page, opened by the first subscription and closed a little after the last one leaves (a screen
 * change unsubscribes and subscribes again at once). Subscriptions are counted per channel, sent
 * again after a reconnect, and every listener hears of the reconnect so it can read again what it
 * may have missed meanwhile. The member's own channel stays with member-socket.ts.
 */
export interface ChannelListener {
  onFrame(frame: Frame): void;
  /** The socket came back after a drop: frames may have been lost. */
  onResume?(): void;
}

export interface ChannelSocketOptions {
  url(): string;
  /** The WebSocket class (the browser's, or `ws` under Node in tests). */
  WebSocket?: new (url: string) => WebSocket;
  lingerMs?: number;
}

const PING_MS = 25_000;
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;
const LINGER_MS = 5_000;
const OPEN = 1;

export interface ChannelSocket {
  subscribe(ch: string, listener: ChannelListener): () => void;
  /** Channels with at least one listener. */
  channels(): string[];
  /** Whether the socket is open now. */
  connected(): boolean;
}

export function createChannelSocket(options: ChannelSocketOptions): ChannelSocket {
  const lingerMs = options.lingerMs ?? LINGER_MS;
  const subs = new Map<string, Set<ChannelListener>>();
  let socket: WebSocket | null = null;
  let dropped = false;
  let retryMs = RETRY_MIN_MS;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let linger: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;

  const isOpen = () => socket !== null && socket.readyState === OPEN;
  const send = (frame: object) => isOpen() && socket!.send(JSON.stringify(frame));

  const connect = () => {
    clearTimeout(retry);
    const ws = new (options.WebSocket ?? WebSocket)(options.url());
    socket = ws;
    ws.onopen = () => {
      retryMs = RETRY_MIN_MS;
      for (const ch of subs.keys()) send({ type: 'sub', ch });
      ping = setInterval(() => send({ type: 'ping' }), PING_MS);
      if (dropped) subs.forEach((set) => set.forEach((l) => l.onResume?.()));
      dropped = false;
    };
    ws.onmessage = (event) => {
      let frame: Frame;
      try {
        frame = JSON.parse(String(event.data)) as Frame;
      } catch {
        return;
      }
      if (frame.type === 'sub.ok') return;
      subs.get(frame.ch)?.forEach((l) => l.onFrame(frame));
    };
    ws.onclose = () => {
      clearInterval(ping);
      if (socket !== ws) return;
      socket = null;
      if (subs.size === 0) return;
      dropped = true;
      retry = setTimeout(connect, retryMs);
      retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
    };
  };

  const close = () => {
    clearTimeout(retry);
    clearInterval(ping);
    const ws = socket;
    socket = null;
    dropped = false;
    if (ws) {
      ws.onclose = null;
      ws.close();
    }
  };

  return {
    subscribe(ch, listener) {
      clearTimeout(linger);
      const set = subs.get(ch) ?? new Set();
      const first = set.size === 0;
      set.add(listener);
      subs.set(ch, set);
      if (!socket) connect();
      else if (first) send({ type: 'sub', ch });
      return () => {
        if (!set.delete(listener) || set.size > 0) return;
        subs.delete(ch);
        send({ type: 'unsub', ch });
        if (subs.size === 0) {
          clearTimeout(linger);
          linger = setTimeout(() => subs.size === 0 && close(), lingerMs);
        }
      };
    },
    channels: () => [...subs.keys()],
    connected: isOpen,
  };
}

const pageUrl = () => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;

/** The page's socket for public channels. */
export const publicChannels: ChannelSocket = createChannelSocket({ url: pageUrl });
