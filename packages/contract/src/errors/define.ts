/** One catalogue entry: a stable numeric code and the zh-CN message a member reads. */
export interface ErrorEntry {
  code: number;
  msg: string;
}

/** Builds a domain's slice of the catalogue from `NAME: [code, msg]` pairs. */
export function defineErrors<K extends string>(entries: Record<K, readonly [number, string]>): Record<K, ErrorEntry> {
  const out = {} as Record<K, ErrorEntry>;
  for (const key of Object.keys(entries) as K[]) {
    const [code, msg] = entries[key];
    out[key] = { code, msg };
  }
  return out;
}
