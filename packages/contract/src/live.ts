import { z } from 'zod';
import { SerialId } from './ids.ts';
import { Amount } from './rules/schemas.ts';
import { MATCH_CLASSES } from './sports.ts';

/**
 * Live: anchors (streamers) and their rooms, chat rooms of matches and anchor rooms, gold coins
 * and gifts (API.md "Live"; seed sections 3, 4, 6, 7 and 9). Gold coins are counted with up to 2
 * decimals, like money: buying with `amount` of the site's currency gives `amount × rate`.
 */

/** An anchor's on-air status (seed 4: three values). */
export const ANCHOR_STATUS = { NOT_STARTED: 0, LIVE: 1, INTERRUPTED: 2 } as const;
export type AnchorStatus = (typeof ANCHOR_STATUS)[keyof typeof ANCHOR_STATUS];
/** What a member reads instead of the stream (seed 4); on air, the stream opens. */
export const ANCHOR_STATUS_NOTICE: Readonly<Record<number, string>> = {
  [ANCHOR_STATUS.NOT_STARTED]: '赛事尚未开始',
  [ANCHOR_STATUS.INTERRUPTED]: '主播暂时离开，请稍候',
};

/** An anchor commentates a match of the book, or casts freely (no match). */
export const ANCHOR_TYPES = { MATCH: 1, CAST: 2 } as const;
/** Only horizontal-screen anchors are listed (seed 3). */
export const SCREEN_MODES = ['horizontal', 'vertical'] as const;
export type ScreenMode = (typeof SCREEN_MODES)[number];

/** The live and popular lists answer up to 200 (seed 9). */
export const ANCHOR_LIST_SIZE = 200;
/** A match card collects at most 3 anchor avatars (seed 9). */
export const ANCHOR_AVATARS_MAX = 3;

export const AnchorListBody = z.object({
  page: z.number().int().min(1).max(10_000).default(1),
  size: z.number().int().min(1).max(ANCHOR_LIST_SIZE).default(ANCHOR_LIST_SIZE),
});

/**
 * The seed's anchor match: an anchor's room with its match (a free cast has no match: the match
 * fields are null). `videoWebUrl` is the HLS stream, `videoFlvUrl` the HTTP-FLV one.
 */
export const AnchorMatch = z.object({
  matchId: z.number().int().nullable(),
  homeName: z.string().nullable(),
  homeLogo: z.string().nullable(),
  visitName: z.string().nullable(),
  visitLogo: z.string().nullable(),
  homeScore: z.number().int().nullable(),
  visitScore: z.number().int().nullable(),
  startAt: z.number().nullable(),
  animationUrl: z.string().nullable(),
  matchName: z.string().nullable(),
  anchorInfo: z.object({ anchorId: z.number().int(), nickname: z.string(), squareLogo: z.string() }),
  matchClass: z.enum(MATCH_CLASSES).nullable(),
  /** The venue code as shown: OBTY is YB, IMTY is IM (seed 3). */
  venueName: z.string(),
  anchorStatus: z.number().int(),
  /** The match has started; a free cast: it is on air. */
  isStart: z.boolean(),
  videoWebUrl: z.string().nullable(),
  videoFlvUrl: z.string().nullable(),
  leagueId: z.number().int().nullable(),
  tid: z.number().int().nullable(),
  ballClassId: z.number().int().nullable(),
  anchorType: z.number().int(),
  anchorRoomId: z.number().int(),
  chatRoomNo: z.string(),
  roomInfo: z.object({ desc: z.string(), title: z.string() }),
});
export type AnchorMatch = z.infer<typeof AnchorMatch>;
export const AnchorListData = z.object({ list: z.array(AnchorMatch), total: z.number().int() });

export const RANK_PERIODS = ['day', 'week'] as const;
export type RankPeriod = (typeof RANK_PERIODS)[number];
const AnchorRoomId = SerialId;
export const AnchorRankBody = z.object({ anchorRoomId: AnchorRoomId, period: z.enum(RANK_PERIODS).default('day') });
/** The room's givers in the Shanghai day or week (from Monday), most first; `gold` is what each gave. */
export const AnchorRankData = z.object({ list: z.array(z.object({ rank: z.number().int(), nickname: z.string(), gold: z.number() })) });
/** What the anchor received in the period, the anchor's share (percent) and the reward it makes. */
export const AnchorRewardData = z.object({
  anchorRoomId: z.number().int(),
  nickname: z.string(),
  period: z.enum(RANK_PERIODS),
  gold: z.number(),
  share: z.number().int(),
  reward: z.number(),
});

// Video ---------------------------------------------------------------------------------------

/** The site config key listing the video domains, separated by commas (seed 8); '' is the site's own. */
export const VIDEO_DOMAINS_KEY = 'live_video_domains';
/** A domain failing this many times in a row gives way to the next one (seed 8). */
export const VIDEO_DOMAIN_MAX_ERRORS = 2;

/** A video call is a signed GET with a sealed answer (seed 7). */
export const VideoUrlQuery = z.object({ anchorRoomId: z.coerce.number().int().positive().max(2_147_483_647) });
/**
 * A room's stream addresses and on-air status, with the site's video domains in the order to try.
 * An address starting with '/' is on the video domains (the sandbox's own streams); a full URL
 * (an operator's real stream) is played as it is.
 */
export const VideoUrlData = z.object({
  anchorRoomId: z.number().int(),
  chatRoomNo: z.string(),
  anchorStatus: z.number().int(),
  hls: z.string().nullable(),
  flv: z.string().nullable(),
  videoDomains: z.array(z.string()),
});
export type VideoUrlData = z.infer<typeof VideoUrlData>;

// Chat rooms ----------------------------------------------------------------------------------

/** Members of VIP level 4 and below chat on the low side, above 4 on the high side (seed 4, 6, 9). */
export const CHAT_LEVEL_SPLIT = 4;
export const CHAT_SIDES = ['low', 'high'] as const;
export type ChatSide = (typeof CHAT_SIDES)[number];
export const chatSideOf = (vipLevel: number): ChatSide => (vipLevel > CHAT_LEVEL_SPLIT ? 'high' : 'low');

export const CHAT_MSG_TYPES = ['text', 'order', 'giftPush', 'orderPush', 'revertOrderPush', 'welcome'] as const;
export type ChatMsgType = (typeof CHAT_MSG_TYPES)[number];
/** Read on both sides of a room: gifts and big wins are the whole room's news. */
export const ROOM_WIDE_MSG_TYPES: readonly ChatMsgType[] = ['giftPush', 'orderPush', 'revertOrderPush'];

/** A room's open status: open, closed by a moderator (read only), or shut (no entrance). */
export const CHAT_ROOM_STATUS = { SHUT: -1, CLOSED: 0, OPEN: 1 } as const;
/** gameStatus of a room: its match not started, in play, over; a free cast: off or on air. */
export const GAME_STATUS = { NOT_STARTED: 0, IN_PLAY: 1, ENDED: 2 } as const;

/** A message's length in characters, after trimming. */
export const CHAT_CONTENT_MAX = 200;
/** A member sends at most this many messages in the window, over every room. */
export const CHAT_SEND_RATE = { max: 5, windowMs: 10_000 } as const;
export const CHAT_SLOW_MODE_MAX_SEC = 300;
export const CHAT_MUTE_MAX_MINUTES = 30 * 24 * 60;
/** A reconnecting client catching up with more than this many messages is told to reload instead. */
export const CHAT_CATCH_UP_MAX = 200;

/** A room's number: `M<matchId>` of a match, `A<anchorRoomId>` of an anchor's room. */
export const ChatRoomNo = z
  .string()
  .min(1, '聊天室编号不能为空')
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/, '聊天室编号无效');

export const ChatStatusBody = z
  .object({ matchId: z.number().int().positive().optional(), chatRoomNo: ChatRoomNo.optional() })
  .refine((b) => b.matchId !== undefined || b.chatRoomNo !== undefined, { message: '请提供赛事编号或聊天室编号' });

/**
 * The seed's match-chat status. The entrance shows only when `exist` is not false and `status` is
 * set and not -1 (seed 4). `type`: a match's own room, or an anchor's (cast live).
 */
export const ChatStatus = z.object({
  status: z.number().int(),
  exist: z.boolean(),
  gameStatus: z.number().int(),
  type: z.enum(['match', 'cast']),
  matchId: z.number().int().nullable(),
  chatRoomNo: z.string(),
  anchorRoomId: z.number().int().nullable(),
  slowModeSec: z.number().int(),
  membersOnly: z.boolean(),
  /** The room's venue as shown (YB, IM): a reader drops order messages of another venue (seed 4). */
  venueName: z.string(),
});
export type ChatStatus = z.infer<typeof ChatStatus>;
/** The member's variant adds the member's side, mute and role. */
export const MemberChatStatus = ChatStatus.extend({
  side: z.enum(CHAT_SIDES),
  /** Muted until (epoch ms), or null. */
  mutedUntil: z.number().nullable(),
  moderator: z.boolean(),
});

/** A bet as a chat card: shared (`order`), a big win (`orderPush`) or its withdrawal (`revertOrderPush`). Seed 3's order push. */
export const OrderCard = z.object({
  orderId: z.string(),
  categoryName: z.string(),
  itemName: z.string(),
  score: z.string().nullable(),
  teamLogo: z.string(),
  venueName: z.string(),
  betType: z.enum(['single', 'parlay']),
  odds: z.number(),
  stake: z.number(),
  status: z.string(),
  payout: z.number(),
  currency: z.string(),
});
export type OrderCard = z.infer<typeof OrderCard>;

export const GiftCard = z.object({
  giftId: z.number().int(),
  giftName: z.string(),
  giftIcon: z.string(),
  giftType: z.number().int(),
  count: z.number().int(),
  /** The same gift again within a few seconds counts up. */
  combo: z.number().int(),
  gold: z.number(),
});
export type GiftCard = z.infer<typeof GiftCard>;

/**
 * A chat message (seed 3). `seq` orders a room's messages (both sides share one sequence); `level`
 * is the side it belongs to. `order` is set on order, orderPush and revertOrderPush messages,
 * `gift` on giftPush ones.
 */
export const ChatMessage = z.object({
  id: z.number().int(),
  chatRoomNo: z.string(),
  seq: z.number().int(),
  msgType: z.enum(CHAT_MSG_TYPES),
  content: z.string(),
  level: z.enum(CHAT_SIDES),
  venueName: z.string(),
  siteId: z.number().int().nullable(),
  siteSeries: z.string().nullable(),
  memberId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  username: z.string(),
  memberName: z.string(),
  vipLevel: z.number().int(),
  order: OrderCard.nullable(),
  gift: GiftCard.nullable(),
  createdAt: z.number(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/**
 * A page of history, oldest first: the latest `size`, or those before `beforeId`, or (a client
 * catching up after a reconnect) those after `afterSeq`.
 */
export const ChatHistoryBody = z.object({
  chatRoomNo: ChatRoomNo,
  size: z.number().int().min(1).max(100).default(50),
  beforeId: z.number().int().positive().optional(),
  afterSeq: z.number().int().nonnegative().optional(),
});
/**
 * `lastSeq`: the room's latest sequence. `reload`: more was missed than a catch-up carries; the
 * list is then the latest page. `deletedIds`: messages removed since `afterSeq`.
 */
export const ChatHistoryData = z.object({
  list: z.array(ChatMessage),
  lastSeq: z.number().int(),
  reload: z.boolean(),
  deletedIds: z.array(z.number().int()),
});

const ClientMsgId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/, '消息标识无效');
/** The content is checked by the server (trimmed, length, characters, blocked words): its own codes. */
export const ChatSendBody = z.object({ chatRoomNo: ChatRoomNo, content: z.string().max(2_000, '聊天内容过长'), clientMsgId: ClientMsgId });
export const ChatPostedData = z.object({ id: z.number().int(), seq: z.number().int() });
export const ShareOrderBody = z.object({ chatRoomNo: ChatRoomNo, orderId: z.string().min(1).max(40) });
export const ChatRoomBody = z.object({ chatRoomNo: ChatRoomNo });
export const ChatEnterData = z.object({ welcomed: z.boolean() });

// Moderation ----------------------------------------------------------------------------------

const Reason = z.string().trim().max(200, '原因不能超过200个字').optional();
const MemberId = z.number().int().positive();
export const ChatMuteBody = z.object({
  chatRoomNo: ChatRoomNo,
  memberId: MemberId,
  minutes: z.number().int().min(1, '禁言时长至少1分钟').max(CHAT_MUTE_MAX_MINUTES, '禁言时长最长30天'),
  reason: Reason,
});
export const ChatUnblockBody = z.object({ chatRoomNo: ChatRoomNo, memberId: MemberId, reason: Reason });
export const ChatMutedListData = z.object({ list: z.array(z.object({ memberId: z.number().int(), username: z.string(), until: z.number() })) });
export const ChatSetupBody = z.object({
  chatRoomNo: ChatRoomNo,
  status: z.union([z.literal(CHAT_ROOM_STATUS.CLOSED), z.literal(CHAT_ROOM_STATUS.OPEN)]).optional(),
  slowModeSec: z.number().int().min(0).max(CHAT_SLOW_MODE_MAX_SEC, `慢速模式最长${CHAT_SLOW_MODE_MAX_SEC}秒`).optional(),
  membersOnly: z.boolean().optional(),
  reason: Reason,
});
export const ChatRoomSetup = z.object({ chatRoomNo: z.string(), status: z.number().int(), slowModeSec: z.number().int(), membersOnly: z.boolean() });
export type ChatRoomSetup = z.infer<typeof ChatRoomSetup>;
export const ChatDeleteBody = z.object({ chatRoomNo: ChatRoomNo, id: z.number().int().positive(), reason: Reason });

/** The operator's calls: moderators, the record of moderation, an anchor's room. */
export const ModeratorBody = z.object({ chatRoomNo: ChatRoomNo, memberId: MemberId, reason: Reason });
export const ChatActionsBody = z.object({
  chatRoomNo: ChatRoomNo,
  page: z.number().int().min(1).default(1),
  size: z.number().int().min(1).max(100).default(20),
});
export const ChatAction = z.object({
  id: z.number().int(),
  chatRoomNo: z.string(),
  action: z.string(),
  /** `member:<id>` or `operator`. */
  actor: z.string(),
  targetMemberId: z.number().int().nullable(),
  targetMessageId: z.number().int().nullable(),
  reason: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  at: z.number(),
});
export const ChatActionsData = z.object({ list: z.array(ChatAction), total: z.number().int() });
const StreamUrl = z
  .string()
  .max(500)
  .regex(/^(https?:\/\/|\/)[^\s]*$/, '请输入以 http(s):// 或 / 开头的地址');
export const AnchorRoomUpdateBody = z.object({
  anchorRoomId: AnchorRoomId,
  anchorStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  hlsUrl: StreamUrl.nullable().optional(),
  flvUrl: StreamUrl.nullable().optional(),
  title: z.string().trim().min(1).max(60).optional(),
  desc: z.string().trim().max(200).optional(),
  /** Another match of the book, or null for a free cast. */
  matchId: z.number().int().positive().nullable().optional(),
  /** The anchor's own member account (it moderates the anchor's room), or null for none. */
  anchorMemberId: z.number().int().positive().nullable().optional(),
});
export type AnchorRoomUpdateBody = z.infer<typeof AnchorRoomUpdateBody>;

// Gold coins and gifts ------------------------------------------------------------------------

export const Gift = z.object({
  giftId: z.number().int(),
  giftType: z.number().int(),
  /** In gold coins. */
  giftPrice: z.number().int(),
  giftName: z.string(),
  giftIcon: z.string(),
  giftIconWeb: z.string(),
  /** The seed's status enumeration: '1' active. */
  status: z.string(),
  oldId: z.number().int().nullable(),
});
export const GiftListData = z.object({ list: z.array(Gift) });
/** `rate`: gold coins per unit of the site's currency. */
export const GoldBalanceData = z.object({ gold: z.number(), rate: z.number().int() });
export const GoldBuyBody = z.object({ amount: Amount });
export const GoldBuyData = z.object({ gold: z.number(), main: z.number() });
export const GIFT_COUNT_MAX = 999;
/** The same gift sent again within this counts up its combo. */
export const GIFT_COMBO_WINDOW_MS = 5_000;
export const GiftSendBody = z.object({
  chatRoomNo: ChatRoomNo,
  giftId: SerialId,
  count: z.number().int('赠送数量须为整数').min(1, '赠送数量至少为1').max(GIFT_COUNT_MAX, `赠送数量最多${GIFT_COUNT_MAX}`).default(1),
});
export const GiftSendData = z.object({ gold: z.number(), combo: z.number().int(), id: z.number().int() });

/** Realtime, on `chat:<chatRoomNo>`. */
export interface ChatDeletedEvent {
  chatRoomNo: string;
  id: number;
  /** The room's sequence of the removal. */
  seq: number;
}
export interface AnchorStatusEvent {
  anchorRoomId: number;
  chatRoomNo: string;
  anchorStatus: number;
}

/** How a member appears in a room: the first two and last two characters of the name. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 4) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars.slice(-2).join('')}`;
}
