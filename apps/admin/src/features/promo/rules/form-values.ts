import type { z } from 'zod';
import dayjs, { type Dayjs } from 'dayjs';
import { ActivityRules, Errors, fromMinor, hasAtMostTwoDecimals, toMinor } from '@bp/contract';
import { ApiError } from '../../../shared/api.ts';

/**
 * An activity's rules as the form edits them and back: the stored config's amounts (keys ending in
 * `Minor`) in the site's currency, its multiples (`X100`) as multiples, the window as two instants.
 * The contract's schema then checks what goes to the server, and its messages land on the fields.
 */
export type Rules = z.output<typeof ActivityRules>;
export interface RulesForm {
  title: string;
  window: [Dayjs, Dayjs] | null;
  budget: number | null;
  config: Record<string, unknown>;
  prizes?: Array<Record<string, unknown>>;
}

const MINOR = /Minor$/;
const X100 = /X100$/;

function walk(value: unknown, key: string, leaf: (value: unknown, key: string) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => walk(v, key, leaf));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k, leaf)]));
  return leaf(value, key);
}

const shown = (value: unknown, key: string) => {
  if (MINOR.test(key) && typeof value === 'string') return fromMinor(value);
  if (X100.test(key) && typeof value === 'number') return value / 100;
  return value;
};
/** An amount with more than two decimals is left unreadable on purpose: the schema refuses it rather than it being rounded. */
const stored = (value: unknown, key: string) => {
  if (MINOR.test(key) && typeof value === 'number') return hasAtMostTwoDecimals(value) ? String(toMinor(value)) : String(value);
  if (MINOR.test(key) && value === null) return undefined;
  if (X100.test(key) && typeof value === 'number') return hasAtMostTwoDecimals(value) ? Math.round(value * 100) : value * 100;
  return value;
};

export const toForm = (r: Rules): RulesForm => ({
  title: r.title,
  window: [dayjs(r.startAt), dayjs(r.endAt)],
  budget: r.budget,
  config: walk(r.config, '', shown) as Record<string, unknown>,
  ...(r.prizes ? { prizes: walk(r.prizes, '', shown) as Array<Record<string, unknown>> } : {}),
});

export const fromForm = (kind: Rules['kind'], f: RulesForm) => ({
  kind,
  title: f.title,
  startAt: f.window?.[0]?.valueOf(),
  endAt: f.window?.[1]?.valueOf(),
  budget: f.budget ?? null,
  config: walk(f.config, '', stored),
  ...(f.prizes ? { prizes: walk(f.prizes, '', stored) } : {}),
});

/** Where a message goes: a field of the form (the window for its two ends), or above the form when it names a list as a whole. */
export interface Refusal {
  fields: Array<{ name: Array<string | number>; errors: string[] }>;
  general: string[];
}

function place(path: Array<string | number>, message: string, values: RulesForm, into: Refusal): void {
  if (path[0] === 'startAt' || path[0] === 'endAt') return void into.fields.push({ name: ['window'], errors: [message] });
  const at = path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], values);
  if (path.length === 0 || Array.isArray(at) || (at !== null && typeof at === 'object')) into.general.push(message);
  else into.fields.push({ name: path, errors: [message] });
}

/** The contract's verdict on the form: null when the rules may be sent. */
export function checkRules(kind: Rules['kind'], values: RulesForm): { body: Rules; refusal: null } | { body: null; refusal: Refusal } {
  const parsed = ActivityRules.safeParse(fromForm(kind, values));
  if (parsed.success) return { body: parsed.data, refusal: null };
  const refusal: Refusal = { fields: [], general: [] };
  for (const issue of parsed.error.issues) place(issue.path as Array<string | number>, issue.message, values, refusal);
  return { body: null, refusal };
}

/** The server's refusal, on the field it names (`rules.config.dayMinor.0`) or above the form. */
export function serverRefusal(err: Error, values: RulesForm): Refusal {
  const refusal: Refusal = { fields: [], general: [] };
  const field = err instanceof ApiError ? (err.data as { field?: string | null } | null)?.field : null;
  const message = field ? err.message.slice(err.message.indexOf(':') + 1).trim() : err.message;
  if (field?.startsWith('rules.')) {
    place(
      field
        .slice('rules.'.length)
        .split('.')
        .map((k) => (/^\d+$/.test(k) ? Number(k) : k)),
      message,
      values,
      refusal,
    );
  } else if (err instanceof ApiError && err.code === Errors.ACTIVITY_BUDGET_BELOW_SPENT.code) refusal.fields.push({ name: ['budget'], errors: [message] });
  else refusal.general.push(message);
  return refusal;
}
