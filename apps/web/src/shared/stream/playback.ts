import { RECOVERY, StallWatch, backoffMs } from './recovery.ts';
import { chooseEngine, createEngine, type Engine, type EngineKind } from './engines.ts';
import type { VideoDomains } from './video-domains.ts';

/** What the viewer sees of a playback. */
export type PlaybackState = 'connecting' | 'reconnecting' | 'playing' | 'muted' | 'blocked' | 'failed' | 'unsupported';

export interface PlaybackOptions {
  hls: string | null;
  flv: string | null;
  domains: VideoDomains;
  prefer?: 'hls' | 'flv';
  onState(state: PlaybackState, detail: { engine: EngineKind | null; domain: string }): void;
}

export interface Playback {
  /** The viewer tapped: play (autoplay was refused) and turn the sound on. */
  tap(): void;
  stop(): void;
}

/**
 * One playback of a stream on a <video>: the engine for it, autoplay (with sound if the browser
 * lets it, else muted with a tap to unmute, else a tap to play), a stall watchdog, and retries
 * with exponential backoff after fatal errors, counted against the video domain so a failing
 * domain gives way to the next (seed 8). Gives up after RECOVERY.maxRetries: the error state.
 */
export function startPlayback(video: HTMLVideoElement, options: PlaybackOptions): Playback {
  const { domains } = options;
  const kind = chooseEngine(video, options.hls, options.flv, options.prefer);
  let engine: Engine | null = null;
  /** Counts engines made and dropped: a dropped engine's late errors are not the current one's. */
  let generation = 0;
  let stopped = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let mutedByBrowser = false;
  let state: PlaybackState = 'connecting';
  let watch = new StallWatch(Date.now());

  const show = (next: PlaybackState) => {
    state = next;
    options.onState(next, { engine: kind, domain: domains.current() });
  };

  async function open(): Promise<void> {
    if (stopped || !kind) return;
    const address = kind === 'flv' ? options.flv! : options.hls!;
    const mine = ++generation;
    const events = { onFatal: (reason: string) => mine === generation && onFatal(reason) };
    const made = await createEngine(kind, video, domains.url(address), events).catch(() => null);
    if (stopped) return made?.destroy();
    if (!made) return onFatal('engine');
    engine = made;
    watch = new StallWatch(Date.now());
    void autoplay();
  }

  async function autoplay(): Promise<void> {
    try {
      await video.play();
    } catch (err) {
      if ((err as DOMException).name !== 'NotAllowedError' || stopped) return;
      // The browser refuses sound without a tap: play muted, and offer the sound.
      video.muted = mutedByBrowser = true;
      await video.play().catch(() => !stopped && show('blocked'));
    }
  }

  function drop(): void {
    generation++;
    engine?.destroy();
    engine = null;
  }

  function onFatal(reason: string): void {
    if (stopped) return;
    console.warn(`stream: ${reason}`);
    drop();
    const moved = domains.failed();
    if (attempt >= RECOVERY.maxRetries) return show('failed');
    show('reconnecting');
    // A new domain is tried at once; the same one after a growing wait.
    retry = setTimeout(() => void open(), moved ? 0 : backoffMs(attempt++));
  }

  /** The picture moves: the stream is good on this domain. */
  const onProgress = () => {
    if (stopped || !engine || video.currentTime === 0) return;
    attempt = 0;
    domains.succeeded();
    const playing = mutedByBrowser && video.muted ? 'muted' : 'playing';
    if (state !== playing) show(playing);
  };
  video.addEventListener('timeupdate', onProgress);

  const watchdog = setInterval(() => {
    if (!engine) return;
    const action = watch.check(Date.now(), video.currentTime, state !== 'blocked');
    if (action === 'none') return;
    if (action === 'recover' && engine.recover()) return;
    drop();
    void open();
  }, RECOVERY.checkEveryMs);

  if (kind) {
    show('connecting');
    void open();
  } else show('unsupported');

  return {
    tap() {
      video.muted = mutedByBrowser = false;
      void video.play().then(onProgress, () => undefined);
      if (state === 'muted' || state === 'blocked') show('playing');
    },
    stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(watchdog);
      video.removeEventListener('timeupdate', onProgress);
      drop();
    },
  };
}
