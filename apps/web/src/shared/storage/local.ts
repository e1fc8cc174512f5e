/**
 * localStorage that never throws (private mode, quota, no window in tests): a failed write only
 * loses persistence, never the call in progress.
 */
const store = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

export const local = {
  get(key: string): string | null {
    try {
      return store()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      store()?.setItem(key, value);
    } catch {
      /* persistence is best effort */
    }
  },
  remove(key: string): void {
    try {
      store()?.removeItem(key);
    } catch {
      /* persistence is best effort */
    }
  },
  keys(prefix: string): string[] {
    const s = store();
    if (!s) return [];
    const out: string[] = [];
    for (let i = 0; i < s.length; i++) {
      const k = s.key(i);
      if (k?.startsWith(prefix)) out.push(k);
    }
    return out;
  },
  getJson<T>(key: string): T | null {
    const text = local.get(key);
    if (!text) return null;
    try {
      return JSON.parse(text) as T;
    } catch {
      return null;
    }
  },
  setJson(key: string, value: unknown): void {
    local.set(key, JSON.stringify(value));
  },
};
