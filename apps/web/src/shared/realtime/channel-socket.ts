import { unbatch, type ClientFrame, type Frame } from '@bp/contract';

/**
 * The site's one WebSocket client for `/ws` (frames `{ch, type, data}`), for public channels
 * (`match:<id>`, `chat:<roomNo>`) and the member's own (member-socket.ts) alike. Opened by the first
 * subscription and closed a little after the last one leaves (a screen change unsubscribes and
 * subscribes again at once). Subscriptions are counted per channel and sent again after a
 * reconnect; a dropped socket comes back after a delay that doubles up to a ceiling, and every
 * listener hears of it so it can read again what it may have missed meanwhile. A ping keeps idle
 * connections open through proxies. A `batch` (a busy chat room's messages of one tick) reaches
 * listeners as the frames it holds, one by one in order.
 */
export interface ChannelListener {
  onFrame(frame: Frame): void;
  /** The socket came back after a drop: frames may have been lost. */
  onResume?(): void;
  /**
   * The server confirmed the channel (`sub.ok`), first and after each reconnect: frames flow from
   * here on, so what was published before it is to be read, not awaited.
   */
  onSubscribed?(): void;
}

export interface ChannelSocketOptions {
  /** Read at each connect. */
  url(): string;
  /** The WebSocket class (the browser's, or `ws` under Node in tests). */
  WebSocket?: new (url: string) => WebSocket;
  /** Every frame as it arrives, whatever its channel (the server ending the session speaks on `system`). */
  onFrame?(frame: Frame): void;
  lingerMs?: number;
  /** The first reconnect's delay; each failed one doubles it, up to retryMaxMs. */
  retryMinMs?: number;
  retryMaxMs?: number;
}

export interface ChannelSocket {
  subscribe(ch: string, listener: ChannelListener): () => void;
  /** Channels with at least one listener. */
  channels(): string[];
  /** Whether the socket is open now. */
  connected(): boolean;
  /** Drops every subscription and closes the socket, for good. */
  close(): void;
}

const PING_MS = 25_000;
const OPEN = 1;

const parse = (raw: unknown): Frame | null => {
  try {
    return JSON.parse(String(raw)) as Frame;
  } catch {
    return null;
  }
};

export function createChannelSocket(options: ChannelSocketOptions): ChannelSocket {
  const { lingerMs = 5_000, retryMinMs = 1_000, retryMaxMs = 30_000 } = options;
  const subs = new Map<string, Set<ChannelListener>>();
  let socket: WebSocket | null = null;
  let dropped = false;
  let retryMs = retryMinMs;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let linger: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;

  const isOpen = () => socket !== null && socket.readyState === OPEN;
  const send = (frame: ClientFrame) => isOpen() && socket!.send(JSON.stringify(frame));

  const receive = (raw: unknown) => {
    const frame = parse(raw);
    if (frame) unbatch(frame).forEach(dispatch);
  };
  const dispatch = (frame: Frame) => {
    options.onFrame?.(frame);
    if (frame.type === 'sub.ok') return subs.get(frame.ch)?.forEach((l) => l.onSubscribed?.());
    subs.get(frame.ch)?.forEach((l) => l.onFrame(frame));
  };

  const connect = () => {
    clearTimeout(retry);
    const ws = new (options.WebSocket ?? WebSocket)(options.url());
    socket = ws;
    ws.onopen = () => {
      retryMs = retryMinMs;
      for (const ch of subs.keys()) send({ type: 'sub', ch });
      ping = setInterval(() => send({ type: 'ping' }), PING_MS);
      if (dropped) subs.forEach((set) => set.forEach((l) => l.onResume?.()));
      dropped = false;
    };
    ws.onmessage = (event) => receive(event.data);
    // A failed connect is followed by its close, which tries again.
    ws.onerror = () => undefined;
    ws.onclose = () => {
      clearInterval(ping);
      if (socket !== ws) return;
      socket = null;
      if (subs.size === 0) return;
      dropped = true;
      retry = setTimeout(connect, retryMs);
      retryMs = Math.min(retryMaxMs, retryMs * 2);
    };
  };

  const disconnect = () => {
    clearTimeout(retry);
    clearInterval(ping);
    const ws = socket;
    socket = null;
    dropped = false;
    retryMs = retryMinMs;
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
          linger = setTimeout(() => subs.size === 0 && disconnect(), lingerMs);
        }
      };
    },
    channels: () => [...subs.keys()],
    connected: isOpen,
    close() {
      clearTimeout(linger);
      subs.clear();
      disconnect();
    },
  };
}

/** `/ws` on the page's own host. */
export const pageSocketUrl = () => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;

/** The page's socket for public channels. */
export const publicChannels: ChannelSocket = createChannelSocket({ url: pageSocketUrl });
