/**
 * The two stream engines, each loaded only when a stream is played (they never enter the first
 * load of the home page): hls.js for HLS and mpegts.js for HTTP-FLV, both tuned for live latency.
 * A browser without Media Source Extensions plays HLS natively (iOS Safari) or not at all.
 */
export type EngineKind = 'hls' | 'flv' | 'native';

export interface Engine {
  readonly kind: EngineKind;
  /** A soft recovery of a stall; false when only a new engine will do. */
  recover(): boolean;
  destroy(): void;
}

export interface EngineEvents {
  /** The engine gave up: the address failed, or the stream ended. */
  onFatal(reason: string): void;
}

/** H.264 main + AAC, the codecs of every stream the sandbox and the seed's sites serve. */
const CODECS = 'video/mp4; codecs="avc1.4d401e,mp4a.40.2"';

function mseSupported(): boolean {
  const mse =
    (globalThis as { MediaSource?: typeof MediaSource; ManagedMediaSource?: typeof MediaSource }).MediaSource ??
    (globalThis as { ManagedMediaSource?: typeof MediaSource }).ManagedMediaSource;
  return typeof mse?.isTypeSupported === 'function' && mse.isTypeSupported(CODECS);
}

/**
 * The engine for what is given and what the browser can: HTTP-FLV first where Media Source works
 * (lower latency), else HLS through hls.js, else the browser's own HLS; `prefer` picks a form.
 */
export function chooseEngine(video: HTMLVideoElement, hls: string | null, flv: string | null, prefer?: 'hls' | 'flv'): EngineKind | null {
  if (mseSupported()) {
    if (flv && (prefer !== 'hls' || !hls)) return 'flv';
    if (hls) return 'hls';
  }
  if (hls && video.canPlayType('application/vnd.apple.mpegurl')) return 'native';
  return null;
}

async function hlsEngine(video: HTMLVideoElement, url: string, events: EngineEvents): Promise<Engine> {
  const { default: Hls } = await import('hls.js');
  const hls = new Hls({
    lowLatencyMode: true,
    // Start two segments behind the live edge, never drift past five; catch up by playing faster.
    liveSyncDurationCount: 2,
    liveMaxLatencyDurationCount: 5,
    maxLiveSyncPlaybackRate: 1.5,
    backBufferLength: 10,
    maxBufferLength: 10,
    // A failing address is reported soon, so the player can move on to the next domain.
    manifestLoadPolicy: {
      default: {
        maxTimeToFirstByteMs: 8_000,
        maxLoadTimeMs: 10_000,
        timeoutRetry: { maxNumRetry: 1, retryDelayMs: 0, maxRetryDelayMs: 0 },
        errorRetry: { maxNumRetry: 0, retryDelayMs: 500, maxRetryDelayMs: 500 },
      },
    },
  });
  let mediaRecoveries = 0;
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    // A decoding error is recovered in place once; anything else is the player's to retry.
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && mediaRecoveries++ === 0) return hls.recoverMediaError();
    events.onFatal(`hls: ${data.details}`);
  });
  hls.on(Hls.Events.FRAG_BUFFERED, () => (mediaRecoveries = 0));
  hls.loadSource(url);
  hls.attachMedia(video);
  return {
    kind: 'hls',
    recover() {
      hls.recoverMediaError();
      hls.startLoad(-1);
      return true;
    },
    destroy: () => hls.destroy(),
  };
}

async function flvEngine(video: HTMLVideoElement, url: string, events: EngineEvents): Promise<Engine> {
  const { default: mpegts } = await import('mpegts.js');
  // Its informational log is for its own developers: the console keeps only what goes wrong.
  mpegts.LoggingControl.applyConfig({ enableAll: false, enableError: true, enableWarn: true });
  const player = mpegts.createPlayer(
    { type: 'flv', isLive: true, url, hasAudio: true, hasVideo: true },
    {
      enableWorker: false,
      enableStashBuffer: false,
      stashInitialSize: 128 * 1024,
      lazyLoad: false,
      autoCleanupSourceBuffer: true,
      // Keep near the live edge: play a little faster past 1.5 s behind, jump past 3 s.
      liveSync: true,
      liveSyncMaxLatency: 1.5,
      liveSyncTargetLatency: 0.8,
      liveSyncPlaybackRate: 1.2,
      liveBufferLatencyChasing: true,
      liveBufferLatencyMaxLatency: 3,
      liveBufferLatencyMinRemain: 0.5,
    },
  );
  player.on(mpegts.Events.ERROR, (type: string, detail: string) => events.onFatal(`flv: ${type} ${detail}`));
  // A live stream that ends was cut: the player reconnects.
  player.on(mpegts.Events.LOADING_COMPLETE, () => events.onFatal('flv: the stream ended'));
  player.attachMediaElement(video);
  player.load();
  return {
    kind: 'flv',
    // mpegts.js does not recover in place: the player destroys it and makes a new one.
    recover: () => false,
    destroy() {
      player.pause();
      player.unload();
      player.detachMediaElement();
      player.destroy();
    },
  };
}

function nativeEngine(video: HTMLVideoElement, url: string, events: EngineEvents): Engine {
  const onError = () => events.onFatal(`native: ${video.error?.code ?? 'error'}`);
  video.addEventListener('error', onError);
  video.src = url;
  return {
    kind: 'native',
    recover() {
      video.load();
      return true;
    },
    destroy() {
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      video.load();
    },
  };
}

export function createEngine(kind: EngineKind, video: HTMLVideoElement, url: string, events: EngineEvents): Promise<Engine> {
  if (kind === 'hls') return hlsEngine(video, url, events);
  if (kind === 'flv') return flvEngine(video, url, events);
  return Promise.resolve(nativeEngine(video, url, events));
}
