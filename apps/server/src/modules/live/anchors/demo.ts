import { sql } from 'drizzle-orm';
import { ANCHOR_STATUS, ANCHOR_TYPES, type ScreenMode } from '@bp/contract';
import { oneOf, rowsOf, type Db } from '../../../platform/db/index.ts';
import type { Deps } from '../../../platform/deps.ts';
import { DEMO_MEMBER, findMember } from '../../auth/index.ts';
import { listMatches, venueStatuses, type Match } from '../../sports/index.ts';
import { anchorRoomNo, saveAnchorChatRoom } from '../chat/rooms.ts';
import { changeAnchorRoom } from './change-room.ts';
import { findAnchorRoom } from './anchors.ts';

/**
 * The demo sites' anchors. Match anchors follow a match of the built-in book that fits their slot
 * (four on the top football match, so a match card has more anchors than the 3 avatars it shows);
 * once it is over they take up the next one. The streams are the sandbox's own, served under
 * DEMO_STREAM_BASE; an operator points a room at any real stream instead.
 */
export const DEMO_STREAM_BASE = '/live/streams';
export const demoStreams = (chatRoomNo: string) => ({
  hlsUrl: `${DEMO_STREAM_BASE}/${chatRoomNo}/index.m3u8`,
  flvUrl: `${DEMO_STREAM_BASE}/${chatRoomNo}.flv`,
});

/** Which match a match anchor takes up. */
type Slot = 'football' | 'basketball' | 'im' | 'esports';

interface DemoAnchor {
  key: string;
  nickname: string;
  logo: string;
  screen: ScreenMode;
  title: string;
  desc: string;
  /** A match anchor's slot; none: a free cast. */
  slot?: Slot;
  sharePercent: number;
}

const logo = (name: string) => `/assets/live/anchors/${name}.svg`;

const DEMO_ANCHORS: DemoAnchor[] = [
  {
    key: 'laozhang',
    nickname: '球评老张',
    logo: logo('laozhang'),
    screen: 'horizontal',
    title: '老张带你看球',
    desc: '二十年球评，盘口走势一起聊',
    slot: 'football',
    sharePercent: 60,
  },
  {
    key: 'ajie',
    nickname: '阿杰说球',
    logo: logo('ajie'),
    screen: 'horizontal',
    title: '阿杰解说：焦点战',
    desc: '战术拆解，赛前赛后不停歇',
    slot: 'football',
    sharePercent: 50,
  },
  {
    key: 'xiaoyu',
    nickname: '解说小雨',
    logo: logo('xiaoyu'),
    screen: 'horizontal',
    title: '小雨陪你看比赛',
    desc: '轻松解说，欢迎新朋友',
    slot: 'football',
    sharePercent: 50,
  },
  {
    key: 'xiaojiang',
    nickname: '足球小将',
    logo: logo('xiaojiang'),
    screen: 'horizontal',
    title: '小将看台',
    desc: '进球瞬间一起欢呼',
    slot: 'football',
    sharePercent: 50,
  },
  {
    key: 'xiaomei',
    nickname: '篮球小美',
    logo: logo('xiaomei'),
    screen: 'horizontal',
    title: '小美的篮球夜',
    desc: '篮下攻防，每回合都精彩',
    slot: 'basketball',
    sharePercent: 50,
  },
  {
    key: 'afei',
    nickname: '阿飞看盘',
    logo: logo('afei'),
    screen: 'horizontal',
    title: '阿飞：冷门赛事',
    desc: '小联赛也有大机会',
    slot: 'im',
    sharePercent: 50,
  },
  {
    key: 'dianjing',
    nickname: '电竞老K',
    logo: logo('dianjing'),
    screen: 'horizontal',
    title: '老K电竞台',
    desc: '团战复盘，版本解读',
    slot: 'esports',
    sharePercent: 50,
  },
  { key: 'tangtang', nickname: '糖糖', logo: logo('tangtang'), screen: 'horizontal', title: '糖糖的聊天室', desc: '唱歌聊天，陪你等开赛', sharePercent: 70 },
  { key: 'keke', nickname: '可可', logo: logo('keke'), screen: 'vertical', title: '可可竖屏直播', desc: '手机竖屏，近距离互动', sharePercent: 70 },
];

/** The demo member moderates the first demo anchor's room, so a moderator's actions can be tried. */
const DEMO_MODERATED = 'laozhang';

async function ensureAnchor(db: Db, a: DemoAnchor): Promise<void> {
  await db.transaction(async (tx) => {
    const anchor = await oneOf<{ anchor_id: unknown }>(
      tx,
      sql`
      INSERT INTO live_anchors (nickname, square_logo, screen, anchor_type, share_percent, demo_key)
      VALUES (${a.nickname}, ${a.logo}, ${a.screen}, ${a.slot ? ANCHOR_TYPES.MATCH : ANCHOR_TYPES.CAST}, ${a.sharePercent}, ${a.key})
      ON CONFLICT (demo_key) DO NOTHING RETURNING anchor_id`,
    );
    if (!anchor) return;
    const room = await oneOf<{ anchor_room_id: unknown }>(
      tx,
      sql`SELECT nextval(pg_get_serial_sequence('live_anchor_rooms', 'anchor_room_id')) AS anchor_room_id`,
    );
    const id = Number(room!.anchor_room_id);
    const streams = demoStreams(anchorRoomNo(id));
    await tx.execute(sql`
      INSERT INTO live_anchor_rooms (anchor_room_id, anchor_id, title, description, anchor_status, follows_match, hls_url, flv_url, chat_room_no)
      VALUES (${id}, ${anchor.anchor_id}, ${a.title}, ${a.desc}, ${a.slot ? ANCHOR_STATUS.NOT_STARTED : ANCHOR_STATUS.LIVE}, ${Boolean(a.slot)},
        ${streams.hlsUrl}, ${streams.flvUrl}, ${anchorRoomNo(id)})`);
    await saveAnchorChatRoom(tx, id, null, 'OBTY');
  });
}

async function grantDemoModerator(db: Db): Promise<void> {
  const member = await findMember(db, 1, DEMO_MEMBER.name);
  if (!member) return;
  await db.execute(sql`
    INSERT INTO live_chat_moderators (chat_room_no, member_id, granted_by)
    SELECT r.chat_room_no, ${member.memberId}, 'demo' FROM live_anchor_rooms r JOIN live_anchors a ON a.anchor_id = r.anchor_id
    WHERE a.demo_key = ${DEMO_MODERATED}
    ON CONFLICT DO NOTHING`);
}

const SLOT_FITS: Record<Slot, (m: Match) => boolean> = {
  football: (m) => m.sport === 'football' && m.venueCode === 'OBTY',
  basketball: (m) => m.sport === 'basketball',
  im: (m) => m.venueCode === 'IMTY' && m.sport !== 'esports',
  esports: (m) => m.sport === 'esports',
};

/** Each slot's match: the most popular open one that fits, live ones first. */
function slotMatches(board: Match[]): Map<Slot, Match> {
  const ordered = [...board.filter((m) => m.status === 'live'), ...board.filter((m) => m.status === 'scheduled')];
  const picks = new Map<Slot, Match>();
  for (const slot of Object.keys(SLOT_FITS) as Slot[]) {
    const pick = ordered.find(SLOT_FITS[slot]);
    if (pick) picks.set(slot, pick);
  }
  return picks;
}

/**
 * Keeps the demo match anchors on open matches: an anchor whose match is over takes up its slot's
 * match; an anchor is on air while its match is in play. Rooms an operator changed are left alone.
 * Safe on every instance at once: instances running it together make the same change.
 */
export async function rotateDemoAnchors(deps: Pick<Deps, 'db' | 'bus'>): Promise<void> {
  const { db } = deps;
  const following = await rowsOf<{ anchor_room_id: unknown; demo_key: string }>(
    db,
    sql`
    SELECT r.anchor_room_id, a.demo_key FROM live_anchor_rooms r JOIN live_anchors a ON a.anchor_id = r.anchor_id
    WHERE r.follows_match AND a.demo_key IS NOT NULL ORDER BY r.anchor_room_id`,
  );
  if (following.length === 0) return;
  const { list } = await listMatches(db, {}, { page: 1, size: 100, order: 'popular' }, { currency: 'CNY', venues: await venueStatuses(db, 1) });
  const open = new Map(list.map((m) => [m.matchId, m]));
  const picks = slotMatches(list);
  for (const row of following) {
    const slot = DEMO_ANCHORS.find((a) => a.key === row.demo_key)?.slot;
    const room = await findAnchorRoom(db, Number(row.anchor_room_id));
    if (!slot || !room) continue;
    const match = (room.matchId !== null ? open.get(room.matchId) : undefined) ?? picks.get(slot);
    if (!match) continue;
    const anchorStatus = match.status === 'live' ? ANCHOR_STATUS.LIVE : ANCHOR_STATUS.NOT_STARTED;
    if (match.matchId === room.matchId && anchorStatus === room.anchorStatus) continue;
    await changeAnchorRoom(deps, room, { matchId: match.matchId, anchorStatus }, false);
  }
}

/** The demo anchors, their rooms and the demo moderator; safe on every start. */
export async function seedDemoAnchors(deps: Deps): Promise<void> {
  for (const anchor of DEMO_ANCHORS) await ensureAnchor(deps.db, anchor);
  await grantDemoModerator(deps.db);
  await rotateDemoAnchors(deps);
}
