import { z } from 'zod';
import { SerialId } from './ids.ts';

/**
 * The member's profile (seed 3: grade, avatar, nickname, address; bank cards and virtual-currency
 * addresses come from the wallet). `avatar` is the picture's URL, `avatarId` its id in the set.
 */
export const MemberInfo = z
  .object({
    memberId: z.number().int(),
    name: z.string(),
    nickname: z.string(),
    avatar: z.string(),
    avatarId: z.string(),
    vipLevel: z.number().int(),
    grade: z.string(),
    currency: z.string(),
    siteId: z.number().int(),
    phone: z.string().nullable(),
    areaCode: z.string().nullable(),
    email: z.string().nullable(),
    realName: z.string().nullable(),
    birthday: z.string().nullable(),
    address: z.string().nullable(),
    /** The member's own invite code, to share. */
    inviteCode: z.string(),
    /** The client keeps these flags and clears them on session loss (seed 4). */
    mustChangePassword: z.boolean(),
    phoneBound: z.boolean(),
    idleLogoutMinutes: z.number().int(),
    /** Bank cards, `cardNum` masked (seed 3). */
    bankCards: z.array(z.object({ cardId: z.number().int(), bankName: z.string(), cardNum: z.string() })),
    /** Virtual-currency addresses (seed 3). */
    usdtAddresses: z.array(z.object({ addressId: z.number().int(), network: z.string(), address: z.string() })),
    createdAt: z.number(),
    lastLoginAt: z.number().nullable(),
  })
  .loose();
export type MemberInfo = z.infer<typeof MemberInfo>;

/** Nicknames: 2 to 12 characters, no markup or control characters. */
export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 12;
export const NicknameBody = z.object({ nickname: z.string().max(64) });
export const NicknameData = z.object({ nickname: z.string() });

/** Avatars: one of the bundled pictures, served under AVATAR_URL_PREFIX. */
export const AVATAR_URL_PREFIX = '/assets/avatars/';
export const AvatarBody = z.object({ avatarId: z.string().max(32) });
export const AvatarItem = z.object({ avatarId: z.string(), url: z.string() });
export const AvatarData = AvatarItem;
export const AvatarListData = z.object({ list: z.array(AvatarItem) });

export const ADDRESS_MIN = 5;
export const ADDRESS_MAX = 100;
export const AddressBody = z.object({ address: z.string().max(400) });
export const AddressData = z.object({ address: z.string() });

/** Real name: bound once (the withdrawal name must match it). */
export const RealNameBody = z.object({ realName: z.string().max(64) });
export const RealNameData = z.object({ realName: z.string() });

/** Birthday `YYYY-MM-DD`: set once, at least 18 years ago (the birthday bonus depends on it). */
export const BirthdayBody = z.object({ birthday: z.string().max(10) });
export const BirthdayData = z.object({ birthday: z.string() });
export const MIN_AGE_YEARS = 18;
export const EARLIEST_BIRTHDAY = '1900-01-01';
/** The latest birthday a member may give on `today` (both `YYYY-MM-DD`, Shanghai calendar): 18 years before it. */
export const latestBirthday = (today: string): string => `${Number(today.slice(0, 4)) - MIN_AGE_YEARS}${today.slice(4)}`;

// Messages ----------------------------------------------------------------------------------
/** The site's messages to a member (seed 7 "Member: messages"): list, read, delete, sticky. */
const MessageId = z.number().int().positive();
const MessageIds = z.array(MessageId).min(1).max(100);
export const MessageItem = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** Epoch milliseconds. */
  createdAt: z.number().int(),
  read: z.boolean(),
  sticky: z.boolean(),
});
export type MessageItem = z.infer<typeof MessageItem>;
export const MessageListBody = z.object({ page: z.number().int().min(1).max(1000).default(1), size: z.number().int().min(1).max(50).default(20) });
/** Pinned first, then the newest; `unread` counts all of the member's unread messages. */
export const MessageListData = z.object({ list: z.array(MessageItem), total: z.number().int(), unread: z.number().int() });
export const MessageGetBody = z.object({ id: MessageId });
/** Marks these read; without ids, every message of the member. */
export const MessageReadBody = z.object({ ids: MessageIds.optional() });
export const MessageDeleteBody = z.object({ ids: MessageIds });
export const MessageStickyBody = z.object({ id: MessageId, sticky: z.boolean() });
export const MessageCountData = z.object({ unread: z.number().int() });
/** The operator's message: to one member, or (no memberId) to every member of the site. */
export const MessageSendBody = z.object({
  siteId: SerialId,
  /** One member; or with `tag`, every member of the site holding it; neither: the whole site. */
  memberId: z.number().int().positive().optional(),
  tag: z.enum(['activity_blacklist', 'no_level_bonus']).optional(),
  title: z.string().trim().min(1).max(100),
  content: z.string().trim().min(1).max(4000),
});
/** The message's id (the first, to a tag); `sent`: the inboxes it reached (0 for the whole site, which every member reads). */
export const MessageSendData = z.object({ id: z.number().int(), sent: z.number().int() });

// Help centre ---------------------------------------------------------------------------------
/** The help centre (seed 7 "Member: help categories"): categories with their articles' titles; an article in full. */
export const HelpCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  articles: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export const HelpCategoriesData = z.array(HelpCategory);
export type HelpCategory = z.infer<typeof HelpCategory>;
export const HelpArticleBody = z.object({ id: SerialId });
export const HelpArticleData = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
});
export type HelpArticle = z.infer<typeof HelpArticleData>;
/** The help category holding the site's terms (用户协议, 隐私政策), which registration asks the member to accept. */
export const HELP_TERMS_CATEGORY = '服务条款';

// Agents -----------------------------------------------------------------------------------------
/** Agent pages (seed: isAgent, contactUs, joinUs): a member applies, the operator decides; an agent brings members with their invite code. */
export const AGENT_APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const AgentStatusData = z.object({
  isAgent: z.boolean(),
  /** The member's latest application, if any. */
  application: z.object({ status: z.enum(AGENT_APPLICATION_STATUSES), createdAt: z.number().int() }).nullable(),
  inviteCode: z.string(),
  /** For an agent: how many members registered with their invite code. */
  referrals: z.number().int().nullable(),
});
export type AgentStatus = z.infer<typeof AgentStatusData>;
export const AgentContactData = z.object({ channels: z.array(z.object({ kind: z.string(), value: z.string() })) });
export const AgentJoinBody = z.object({ contact: z.string().trim().min(2).max(64), note: z.string().trim().max(500).optional() });
export const AgentDecisionBody = z.object({ memberId: z.number().int().positive(), approve: z.boolean() });
export const AgentDecisionData = z.object({ memberId: z.number().int(), isAgent: z.boolean() });
