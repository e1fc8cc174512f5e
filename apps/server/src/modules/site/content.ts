import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ContentInputs,
  type ContentStatus,
  type Banner,
  type ContentInput,
  type ContentKind,
  type CsChannel,
  type FloatIcon,
  type NavigationEntry,
  type Notice,
  withinWindow,
} from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { siteContents } from './tables.ts';
import { cached, forget } from './cache.ts';
import { requireSite } from './service.ts';

/** What each kind of content looks like on the wire. */
export interface ContentItems {
  banner: Banner;
  notice: Notice;
  navigation: NavigationEntry;
  float_icon: FloatIcon;
  cs_channel: CsChannel;
}

/** Notices call their window by the seed's names; every other kind says startAt/endAt. */
const windowKeys = (kind: ContentKind) => (kind === 'notice' ? (['pmdTimerStart', 'pmdTimerEnd'] as const) : (['startAt', 'endAt'] as const));

type Row = typeof siteContents.$inferSelect;
type Status = z.infer<typeof ContentStatus>;

function toWire<K extends ContentKind>(kind: K, row: Row): ContentItems[K] {
  const [startKey, endKey] = windowKeys(kind);
  return {
    ...row.body,
    id: row.id,
    sort: row.sort,
    [startKey]: row.startAt?.getTime() ?? null,
    [endKey]: row.endAt?.getTime() ?? null,
  } as unknown as ContentItems[K];
}

const key = (siteId: number, kind: ContentKind) => `content:${siteId}:${kind}`;

/**
 * The active items of a kind whose window holds `now` (null ends are open), in sort order. The rows
 * are cached a few seconds; the window is judged on every call.
 */
export async function listContent<K extends ContentKind>(db: Db, siteId: number, kind: K, now: number): Promise<Array<ContentItems[K]>> {
  const rows = await cached(db, key(siteId, kind), () =>
    db
      .select()
      .from(siteContents)
      .where(and(eq(siteContents.siteId, siteId), eq(siteContents.kind, kind), eq(siteContents.status, '1')))
      .orderBy(asc(siteContents.sort), asc(siteContents.id)),
  );
  return rows.filter((r) => withinWindow([r.startAt?.getTime() ?? null, r.endAt?.getTime() ?? null], now)).map((r) => toWire(kind, r));
}

/** Operator: every item of a kind, published or not and whatever its window, in sort order, with its status. */
export async function listAllContent<K extends ContentKind>(db: Db, siteId: number, kind: K): Promise<Array<ContentItems[K] & { status: Status }>> {
  const rows = await db
    .select()
    .from(siteContents)
    .where(and(eq(siteContents.siteId, siteId), eq(siteContents.kind, kind)))
    .orderBy(asc(siteContents.sort), asc(siteContents.id));
  return rows.map((r) => ({ ...toWire(kind, r), status: r.status as Status }));
}

/**
 * Operator: writes one item of a site's content; with an id, that item is replaced. Returns its id.
 * Text is stored exactly as given: pages render it as text, never as markup.
 */
export async function upsertContent<K extends ContentKind>(db: Db, siteId: number, kind: K, input: ContentInput<K>): Promise<number> {
  await requireSite(db, siteId);
  const schema = ContentInputs[kind];
  if (!schema) fail('CONTENT_INVALID', { msg: `内容设置无效：未知类型 ${String(kind)}` });
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    fail('CONTENT_INVALID', { msg: `内容设置无效：${issue.path.join('.') || kind} ${issue.message}` });
  }
  // The shared columns come out of the item; what is left is the kind's own fields.
  const [startKey, endKey] = windowKeys(kind);
  const {
    id,
    status,
    sort,
    [startKey]: start,
    [endKey]: end,
    ...body
  } = parsed.data as Record<string, unknown> & { id?: number; status: string; sort: number };
  const at = (ms: unknown) => (typeof ms === 'number' ? new Date(ms) : null);
  const values = { status, sort, body, startAt: at(start), endAt: at(end), updatedAt: new Date() };
  let savedId: number;
  if (id) {
    const updated = await db
      .update(siteContents)
      .set(values)
      .where(and(eq(siteContents.id, id), eq(siteContents.siteId, siteId), eq(siteContents.kind, kind)))
      .returning({ id: siteContents.id });
    savedId = updated[0]?.id ?? fail('CONTENT_NOT_FOUND');
  } else {
    const [inserted] = await db
      .insert(siteContents)
      .values({ siteId, kind, ...values })
      .returning({ id: siteContents.id });
    savedId = inserted.id;
  }
  forget(db, key(siteId, kind));
  return savedId;
}

/** Operator: removes one item; answers whether it existed. */
export async function removeContent(db: Db, siteId: number, kind: ContentKind, id: number): Promise<boolean> {
  const removed = await db
    .delete(siteContents)
    .where(and(eq(siteContents.id, id), eq(siteContents.siteId, siteId), eq(siteContents.kind, kind)))
    .returning({ id: siteContents.id });
  forget(db, key(siteId, kind));
  return removed.length > 0;
}
