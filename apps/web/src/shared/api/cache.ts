import { local } from '../storage/local.ts';

/**
 * The local read cache (seed 7): some reads are kept for a while, keyed by the call, its params and
 * the token, so one member never reads another's answer and a visitor's answer is not a member's.
 */
const PREFIX = 'bp.cache:';

interface Entry {
  until: number;
  data: unknown;
}

/** JSON with sorted keys, so {a,b} and {b,a} are the same params. */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stableStringify(obj[k])}`).join(',')}}`;
}

/** FNV-1a: a short stable digest, so the token itself is not written into key names. */
export function digest(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

export const cacheKey = (path: string, params: unknown, token: string): string =>
  `${PREFIX}${path}|${digest(stableStringify(params ?? null))}|${token ? digest(token) : '-'}`;

export const readCache = {
  get<T>(key: string, now: number = Date.now()): T | undefined {
    const entry = local.getJson<Entry>(key);
    if (!entry) return undefined;
    if (now >= entry.until) {
      local.remove(key);
      return undefined;
    }
    return entry.data as T;
  },
  set(key: string, data: unknown, ttlMs: number, now: number = Date.now()): void {
    local.setJson(key, { until: now + ttlMs, data } satisfies Entry);
  },
  clear(): void {
    for (const key of local.keys(PREFIX)) local.remove(key);
  },
};
