import { sql } from 'drizzle-orm';
import { bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, minor, timestamptz as at } from '../../platform/db/index.ts';

/**
 * Live: anchors and their rooms, chat rooms with their messages and moderation, gifts. Gold coins
 * live in the wallet's ledger; these are the business records beside it. src/test/schema.test.ts
 * holds these to the migrated database.
 */

export const liveAnchors = pgTable('live_anchors', {
  anchorId: serial('anchor_id').primaryKey(),
  nickname: text('nickname').notNull(),
  squareLogo: text('square_logo').notNull().default(''),
  /** horizontal | vertical */
  screen: text('screen').notNull().default('horizontal'),
  /** 1 commentates matches, 2 casts freely */
  anchorType: smallint('anchor_type').notNull().default(1),
  /** the anchor's own member account: it moderates the anchor's room */
  memberId: bigId('member_id'),
  /** '0' inactive | '1' active | '2' disabled */
  status: text('status').notNull().default('1'),
  /** the anchor's part of the gifts it receives, in percent */
  sharePercent: smallint('share_percent').notNull().default(50),
  demoKey: text('demo_key').unique('live_anchors_demo_key_key'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const liveAnchorRooms = pgTable(
  'live_anchor_rooms',
  {
    anchorRoomId: serial('anchor_room_id').primaryKey(),
    anchorId: integer('anchor_id').notNull().unique('live_anchor_rooms_anchor_id_key'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** the match commentated; null: a free cast */
    matchId: bigId('match_id'),
    /** OBTY | IMTY, shown as YB | IM */
    venueCode: text('venue_code').notNull().default('OBTY'),
    /** 0 not started, 1 on air, 2 interrupted */
    anchorStatus: smallint('anchor_status').notNull().default(0),
    /** a demo room follows its match until an operator changes it */
    followsMatch: boolean('follows_match').notNull().default(false),
    hlsUrl: text('hls_url'),
    flvUrl: text('flv_url'),
    chatRoomNo: text('chat_room_no').notNull().unique('live_anchor_rooms_chat_room_no_key'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('live_anchor_rooms_match')
      .on(t.matchId)
      .where(sql`match_id IS NOT NULL`),
  ],
);

export const liveChatRooms = pgTable(
  'live_chat_rooms',
  {
    chatRoomNo: text('chat_room_no').primaryKey(),
    /** match | cast */
    kind: text('kind').notNull(),
    matchId: bigId('match_id'),
    anchorRoomId: integer('anchor_room_id'),
    /** OBTY | IMTY of the room's match or anchor */
    venueCode: text('venue_code').notNull(),
    /** 1 open, 0 closed (read only), -1 shut */
    status: smallint('status').notNull().default(1),
    slowModeSec: integer('slow_mode_sec').notNull().default(0),
    membersOnly: boolean('members_only').notNull().default(false),
    lastSeq: bigId('last_seq').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('live_chat_rooms_match')
      .on(t.matchId)
      .where(sql`kind = 'match'`),
  ],
);

export const liveChatMessages = pgTable(
  'live_chat_messages',
  {
    messageId: bigserial('message_id', { mode: 'number' }).primaryKey(),
    chatRoomNo: text('chat_room_no').notNull(),
    /** Null for the moment between a member's post and its numbering (no reader sees it). */
    seq: bigId('seq'),
    msgType: text('msg_type').notNull(),
    /** low | high */
    level: text('level').notNull(),
    roomWide: boolean('room_wide').notNull().default(false),
    content: text('content').notNull(),
    /** the order card or the gift card */
    card: jsonb('card'),
    memberId: bigId('member_id'),
    siteId: integer('site_id'),
    siteSeries: text('site_series'),
    venueName: text('venue_name').notNull(),
    username: text('username').notNull().default(''),
    memberName: text('member_name').notNull().default(''),
    vipLevel: integer('vip_level').notNull().default(0),
    clientMsgId: text('client_msg_id'),
    pushKey: text('push_key'),
    createdAt: at('created_at').notNull(),
    deletedAt: at('deleted_at'),
    deletedSeq: bigId('deleted_seq'),
  },
  (t) => [
    unique('live_chat_messages_chat_room_no_seq_key').on(t.chatRoomNo, t.seq),
    uniqueIndex('live_chat_messages_client')
      .on(t.memberId, t.clientMsgId)
      .where(sql`client_msg_id IS NOT NULL`),
    uniqueIndex('live_chat_messages_push')
      .on(t.chatRoomNo, t.pushKey)
      .where(sql`push_key IS NOT NULL`),
    index('live_chat_messages_member')
      .on(t.memberId, t.createdAt)
      .where(sql`member_id IS NOT NULL`),
    index('live_chat_messages_deleted')
      .on(t.chatRoomNo, t.deletedSeq)
      .where(sql`deleted_seq IS NOT NULL`),
  ],
);

export const liveChatModerators = pgTable(
  'live_chat_moderators',
  {
    chatRoomNo: text('chat_room_no').notNull(),
    memberId: bigId('member_id').notNull(),
    grantedBy: text('granted_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chatRoomNo, t.memberId] })],
);

export const liveChatMutes = pgTable(
  'live_chat_mutes',
  {
    chatRoomNo: text('chat_room_no').notNull(),
    memberId: bigId('member_id').notNull(),
    username: text('username').notNull(),
    until: at('until').notNull(),
    // null: muted by the operator from the back office.
    mutedBy: bigId('muted_by'),
    reason: text('reason'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chatRoomNo, t.memberId] })],
);

/** Every moderation action: who ('member:<id>' or 'operator'), what, to whom, why, when. */
export const liveChatActions = pgTable(
  'live_chat_actions',
  {
    actionId: bigserial('action_id', { mode: 'number' }).primaryKey(),
    chatRoomNo: text('chat_room_no').notNull(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    targetMemberId: bigId('target_member_id'),
    targetMessageId: bigId('target_message_id'),
    reason: text('reason'),
    detail: jsonb('detail').notNull().default({}),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('live_chat_actions_room').on(t.chatRoomNo, t.actionId)],
);

export const liveChatEntries = pgTable(
  'live_chat_entries',
  {
    chatRoomNo: text('chat_room_no').notNull(),
    memberId: bigId('member_id').notNull(),
    welcomedAt: at('welcomed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chatRoomNo, t.memberId] })],
);

export const liveGifts = pgTable('live_gifts', {
  giftId: serial('gift_id').primaryKey(),
  /** 1 ordinary, 2 luxury */
  giftType: smallint('gift_type').notNull().default(1),
  /** in gold coins */
  price: integer('price').notNull(),
  name: text('name').notNull().unique('live_gifts_name_key'),
  icon: text('icon').notNull(),
  iconWeb: text('icon_web').notNull(),
  status: text('status').notNull().default('1'),
  oldId: integer('old_id'),
  sort: integer('sort').notNull().default(0),
});

export const liveGiftSends = pgTable(
  'live_gift_sends',
  {
    giftSendId: bigserial('gift_send_id', { mode: 'number' }).primaryKey(),
    memberId: bigId('member_id').notNull(),
    siteId: integer('site_id').notNull(),
    memberName: text('member_name').notNull(),
    anchorRoomId: integer('anchor_room_id').notNull(),
    anchorId: integer('anchor_id').notNull(),
    giftId: integer('gift_id').notNull(),
    count: integer('count').notNull(),
    /** hundredths of a coin: all of it, and the anchor's part */
    goldMinor: minor('gold_minor').notNull(),
    anchorMinor: minor('anchor_minor').notNull(),
    combo: integer('combo').notNull().default(1),
    /** the Shanghai day */
    day: date('day').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('live_gift_sends_room_day').on(t.anchorRoomId, t.day),
    index('live_gift_sends_member').on(t.memberId, t.createdAt),
    index('live_gift_sends_combo').on(t.memberId, t.anchorRoomId, t.giftId, t.giftSendId),
  ],
);

export const liveGoldPurchases = pgTable(
  'live_gold_purchases',
  {
    purchaseId: bigserial('purchase_id', { mode: 'number' }).primaryKey(),
    memberId: bigId('member_id').notNull(),
    siteId: integer('site_id').notNull(),
    amountMinor: minor('amount_minor').notNull(),
    goldMinor: minor('gold_minor').notNull(),
    rate: integer('rate').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('live_gold_purchases_member').on(t.memberId, t.purchaseId)],
);
