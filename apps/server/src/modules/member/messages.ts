import { sql, type SQL } from 'drizzle-orm';
import { channel, type MessageItem } from '@bp/contract';
import { arrayParam, rowsOf, type Db, type DbOrTx } from '../../platform/db/index.ts';
import { clock } from '../../platform/clock.ts';
import { fail } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { listSites, requireSite } from '../site/index.ts';
import { getMember, membersTagged } from '../auth/index.ts';

/** Whose messages: a member of a site. */
export interface Reader {
  memberId: number;
  siteId: number;
}

interface Row {
  message_id: unknown;
  title: string;
  content: string;
  created_at: unknown;
  read: boolean;
  sticky: boolean;
  total?: unknown;
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The member's messages not deleted: theirs and the site's, with the member's own reading of each. */
const visible = (r: Reader) => sql`
  FROM member_messages m
  LEFT JOIN member_message_states s ON s.message_id = m.message_id AND s.member_id = ${r.memberId}
  WHERE m.site_id = ${r.siteId} AND (m.member_id = ${r.memberId} OR m.member_id IS NULL) AND s.deleted_at IS NULL`;

const toItem = (row: Row): MessageItem => ({
  id: Number(row.message_id),
  title: row.title,
  content: row.content,
  createdAt: new Date(row.created_at as string).getTime(),
  read: Boolean(row.read),
  sticky: Boolean(row.sticky),
});

const COLUMNS = sql`m.message_id, m.title, m.content, m.created_at, s.read_at IS NOT NULL AS read, coalesce(s.sticky, false) AS sticky`;

/** A page of messages, pinned first, then the newest; and how many are unread in all. */
export async function listMessages(db: Db, r: Reader, page: number, size: number) {
  const list = await rowsOf<Row>(
    db,
    sql`
    SELECT ${COLUMNS}, count(*) OVER () AS total ${visible(r)}
    ORDER BY coalesce(s.sticky, false) DESC, m.created_at DESC, m.message_id DESC
    LIMIT ${size} OFFSET ${(page - 1) * size}`,
  );
  const { total } = list.length ? { total: Number(list[0].total) } : await countVisible(db, r, sql`true`);
  const { total: unread } = await countVisible(db, r, sql`s.read_at IS NULL`);
  return { list: list.map(toItem), total, unread };
}

async function countVisible(db: DbOrTx, r: Reader, where: SQL): Promise<{ total: number }> {
  const [row] = await rowsOf<{ n: unknown }>(db, sql`SELECT count(*) AS n ${visible(r)} AND ${where}`);
  return { total: Number(row.n) };
}

export const unreadCount = async (db: Db, r: Reader) => ({ unread: (await countVisible(db, r, sql`s.read_at IS NULL`)).total });

/** Every id must be one of the member's visible messages, or nothing changes. */
async function ensureVisible(db: DbOrTx, r: Reader, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await rowsOf<{ message_id: unknown }>(db, sql`SELECT m.message_id ${visible(r)} AND m.message_id IN (${idList(unique)})`);
  if (found.length !== unique.length) fail('MESSAGE_NOT_FOUND');
  return unique;
}

/** The member's state of these messages, made on first touch and changed by `set`. */
async function touch(db: DbOrTx, memberId: number, ids: readonly number[], insert: SQL, set: SQL): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    INSERT INTO member_message_states (member_id, message_id, read_at, sticky, deleted_at)
    SELECT ${memberId}, id, ${insert} FROM unnest(ARRAY[${idList(ids)}]::bigint[]) AS id
    ON CONFLICT (member_id, message_id) DO UPDATE SET ${set}`);
}

const now = () => new Date(clock.now());

/** One message, marked read by being opened. */
export async function openMessage(db: Db, r: Reader, id: number): Promise<MessageItem> {
  await ensureVisible(db, r, [id]);
  await markRead(db, r, [id]);
  const [row] = await rowsOf<Row>(db, sql`SELECT ${COLUMNS} ${visible(r)} AND m.message_id = ${id}`);
  return toItem(row);
}

/** Marks these messages read, or every unread one of the member's without ids. */
export async function markRead(db: Db, r: Reader, ids?: readonly number[]): Promise<{ unread: number }> {
  const targets = ids
    ? await ensureVisible(db, r, ids)
    : (await rowsOf<{ message_id: unknown }>(db, sql`SELECT m.message_id ${visible(r)} AND s.read_at IS NULL`)).map((row) => Number(row.message_id));
  const at = now();
  await touch(db, r.memberId, targets, sql`${at}::timestamptz, false, NULL`, sql`read_at = coalesce(member_message_states.read_at, excluded.read_at)`);
  return unreadCount(db, r);
}

export async function deleteMessages(db: Db, r: Reader, ids: readonly number[]): Promise<{ unread: number }> {
  const targets = await ensureVisible(db, r, ids);
  await touch(db, r.memberId, targets, sql`NULL, false, ${now()}::timestamptz`, sql`deleted_at = excluded.deleted_at`);
  return unreadCount(db, r);
}

export async function pinMessage(db: Db, r: Reader, id: number, sticky: boolean): Promise<MessageItem> {
  await ensureVisible(db, r, [id]);
  await touch(db, r.memberId, [id], sql`NULL, ${sticky}, NULL`, sql`sticky = excluded.sticky`);
  const [row] = await rowsOf<Row>(db, sql`SELECT ${COLUMNS} ${visible(r)} AND m.message_id = ${id}`);
  return toItem(row);
}

/** The operator's message to one member of the site (told at once on their channel), to each member holding a tag, or to all of them. */
export async function sendMessage(
  { db, bus }: Pick<Deps, 'db' | 'bus'>,
  to: { siteId: number; memberId?: number; tag?: string; title: string; content: string },
): Promise<{ id: number; sent: number }> {
  await requireSite(db, to.siteId);
  if (to.memberId !== undefined && to.tag !== undefined) fail('VALIDATION', { msg: '指定会员与会员标签只能选其一' });
  if (to.memberId !== undefined) {
    const member = await getMember(db, to.memberId);
    if (!member || member.siteId !== to.siteId) fail('MEMBER_NOT_FOUND');
  }
  const recipients = to.tag !== undefined ? await membersTagged(db, to.siteId, to.tag) : to.memberId !== undefined ? [to.memberId] : null;
  if (recipients?.length === 0) fail('MEMBER_NOT_FOUND', { msg: '该站点没有持有此标签的会员' });
  const rows = await rowsOf<{ message_id: unknown; member_id: unknown }>(
    db,
    sql`
    INSERT INTO member_messages (site_id, member_id, title, content, created_at)
    SELECT ${to.siteId}, m, ${to.title}, ${to.content}, ${now()} FROM unnest(${arrayParam(recipients ?? [null], 'bigint[]')}) AS m
    RETURNING message_id, member_id`,
  );
  for (const row of rows) {
    if (row.member_id !== null) await bus.publish(channel.user(Number(row.member_id)), 'message.new', { id: Number(row.message_id), title: to.title });
  }
  return { id: Number(rows[0].message_id), sent: recipients?.length ?? 0 };
}

/** Demo data: each site greets its members once (safe on every start). */
export async function seedWelcomeMessages({ db }: Deps): Promise<void> {
  for (const siteId of (await listSites(db)).byId.keys()) {
    await db.execute(sql`
      INSERT INTO member_messages (site_id, title, content)
      SELECT ${siteId}, ${WELCOME.title}, ${WELCOME.content}
      WHERE NOT EXISTS (SELECT 1 FROM member_messages WHERE site_id = ${siteId} AND member_id IS NULL AND title = ${WELCOME.title})`);
  }
}

const WELCOME = {
  title: '欢迎加入，祝您游戏愉快',
  content: '感谢您注册成为我们的会员。本站为演示环境，所有存款、投注与游戏均使用沙盒资金，不涉及真实货币。如有任何疑问，请随时联系在线客服。',
};
