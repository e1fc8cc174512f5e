import { local } from './storage/local.ts';

/**
 * Query parameters the site reads on arrival (seed 2): i_code (proxy or invite code), r_code
 * (recommendation code), from and metaData. They are kept, so an invite code opened on the home
 * page still reaches registration later.
 */
export const ENTRY_PARAMS = ['i_code', 'r_code', 'from', 'metaData'] as const;
export type EntryParam = (typeof ENTRY_PARAMS)[number];
export type EntryParams = Partial<Record<EntryParam, string>>;

const KEY = 'bp.entryParams';
const MAX_LENGTH = 256;

/** The entry parameters of a query string; empty and over-long values are dropped. */
export function readEntryParams(search: string): EntryParams {
  const query = new URLSearchParams(search);
  const out: EntryParams = {};
  for (const name of ENTRY_PARAMS) {
    const value = query.get(name)?.trim();
    if (value && value.length <= MAX_LENGTH) out[name] = value;
  }
  return out;
}

/** Keeps what this visit brought; a newer value of a parameter replaces the older one. */
export function keepEntryParams(search: string): EntryParams {
  const merged = { ...entryParams(), ...readEntryParams(search) };
  local.setJson(KEY, merged);
  return merged;
}

export const entryParams = (): EntryParams => local.getJson<EntryParams>(KEY) ?? {};
