import { VIDEO_DOMAIN_MAX_ERRORS } from '@bp/contract';
import { local } from '../storage/local.ts';

/** The domain in use, remembered across visits. */
export const VIDEO_DOMAIN_KEY = 'bp.videoDomain';

/** A stored value: the local storage of the site, or a map in tests. */
export interface DomainMemory {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

/**
 * The site's video domains (seed 8): stream addresses starting with '/' are played on the current
 * domain ('' is the site's own origin); errors are counted per domain, and past the threshold the
 * next domain takes over, and is remembered. A full URL (an operator's real stream) is left as it is.
 */
export class VideoDomains {
  private readonly domains: string[];
  private index: number;
  private errors = 0;

  constructor(
    domains: readonly string[],
    private readonly memory: DomainMemory = local,
    private readonly maxErrors: number = VIDEO_DOMAIN_MAX_ERRORS,
  ) {
    this.domains = domains.length ? [...domains] : [''];
    this.index = Math.max(0, this.domains.indexOf(memory.get(VIDEO_DOMAIN_KEY) ?? '\u0000'));
  }

  current(): string {
    return this.domains[this.index];
  }

  /** The address to play: a path on the current domain, or a full URL as it is. */
  url(address: string): string {
    return /^[a-z][a-z0-9+.-]*:\/\//i.test(address) ? address : this.current() + address;
  }

  /** A playing error on the current domain; true when it moved on to the next one. */
  failed(): boolean {
    if (++this.errors < this.maxErrors || this.domains.length < 2) return false;
    this.index = (this.index + 1) % this.domains.length;
    this.errors = 0;
    this.memory.set(VIDEO_DOMAIN_KEY, this.current());
    return true;
  }

  /** The stream played: the current domain's count starts again. */
  succeeded(): void {
    this.errors = 0;
  }
}
