import { z } from 'zod';
import { SETTLEMENT_UNITS, THEME_SERIES } from './enums.ts';
import { FESTIVAL_SKINS } from './theme.ts';

/** The seed's site config keys (section 3). */
export const SITE_CONFIG_KEYS = [
  'login_verify_trigger_times',
  'fast_register_verify',
  'register_phone_number',
  'withdrawal_password',
  'site_festival_skin',
] as const;

/** Config keys of the platform's own: the English switch (seed 1), what the /cs page shows. */
export const PLATFORM_CONFIG_KEYS = { englishSwitch: 'english_switch', csHours: 'cs_hours', csNotice: 'cs_notice' } as const;

export const EmptyBody = z.object({}).passthrough();

/** Instants travel as epoch milliseconds. */
const EpochMs = z.number().int().nonnegative();
const Window = { startAt: EpochMs.nullable(), endAt: EpochMs.nullable() };
const endsAfterStart = ([start, end]: [number | null, number | null]) => start == null || end == null || end > start;

export const Maintenance = z.object({
  /** 0: under maintenance (seed 8: maintenance status 0 sends the visitor to /maintenance); 1: open. */
  status: z.number().int(),
  startAt: z.number().nullable(),
  endAt: z.number().nullable(),
  message: z.string(),
});
export type Maintenance = z.infer<typeof Maintenance>;

/** What an operator sets: status 0 puts the site under maintenance while now is inside the window (null: open-ended). */
export const MaintenanceInput = z
  .object({
    status: z.union([z.literal(0), z.literal(1)]),
    startAt: EpochMs.nullable().default(null),
    endAt: EpochMs.nullable().default(null),
    message: z.string().max(500).default(''),
  })
  .refine((m) => endsAfterStart([m.startAt, m.endAt]), { message: '结束时间须晚于开始时间', path: ['endAt'] });
export type MaintenanceInput = z.input<typeof MaintenanceInput>;

export const DeploySite = z.object({ siteId: z.number().int(), deploySiteId: z.number().int() });

export const PerInfo = z.object({
  siteId: z.number().int(),
  siteName: z.string(),
  series: z.enum(THEME_SERIES),
  settlementUnit: z.enum(SETTLEMENT_UNITS),
  currency: z.string(),
  logo: z.string(),
  /** The festival skin over the theme (site_festival_skin), null for none. */
  festivalSkin: z.enum(FESTIVAL_SKINS).nullable(),
  deploySiteId: z.number().int(),
  /** The 13 pairs mapping site id to deploy-site id (seed 3). */
  deploySites: z.array(DeploySite),
  /** The seed's config keys with this site's values. */
  config: z.record(z.string(), z.string().nullable()),
  language: z.literal('zh-CN'),
  /** English exists but is switched off by a flag (seed 1). */
  englishEnabled: z.boolean(),
  maintenance: Maintenance,
});
export type PerInfo = z.infer<typeof PerInfo>;

export const ConfigGetBody = z.object({ keyCode: z.string().min(1).max(64) });
export const ConfigGetsBody = z.object({ keyCodes: z.array(z.string().min(1).max(64)).min(1).max(50) });
export const ConfigEntry = z.object({ keyCode: z.string(), value: z.string().nullable() });

export const SiteTime = z.object({ now: z.number() });

export const LANGUAGES = [
  { code: 'zh-CN', name: '简体中文' },
  { code: 'en-US', name: 'English' },
] as const;
export const LanguageCodeBody = z.object({ code: z.string().max(16).optional() });
export const LanguageCode = z.object({
  /** The language to use: the one asked for when it is switched on, else zh-CN. */
  code: z.string(),
  languages: z.array(z.object({ code: z.string(), name: z.string(), enabled: z.boolean() })),
});

// ---- Access: what the client receives when the site turns a visitor away (seed 2 and 8) ----

/** ACCESS_RESTRICTION data: /access-restriction shows the restriction code. */
export const AccessRestrictionData = z.object({ restrictionCode: z.string(), ip: z.string().nullable(), country: z.string().nullable() });
/** ACCESS_CAVEAT data: maintenance.status 0 goes to /maintenance, else /access-alert with this as state. */
export const AccessCaveatData = z.object({ maintenance: Maintenance, ip: z.string().nullable(), country: z.string().nullable(), reason: z.string() });

export const ACCESS_RULE_KINDS = ['ip', 'country'] as const;
export const ACCESS_RULE_ACTIONS = ['allow', 'deny', 'caveat'] as const;
/** The most rules a site may have: each visitor is judged against them all. */
export const ACCESS_RULES_MAX = 1000;
/** One rule: an IP range (CIDR or single address, IPv4 or IPv6) or an ISO country code; allowed, denied or cautioned. */
export const AccessRuleInput = z.object({
  kind: z.enum(ACCESS_RULE_KINDS),
  action: z.enum(ACCESS_RULE_ACTIONS),
  value: z.string().trim().min(1, '请填写IP地址、网段或国家代码').max(64, '最多64个字符'),
  reason: z.string().max(200, '原因最多200字').default(''),
});
export type AccessRuleInput = z.input<typeof AccessRuleInput>;
export const AccessRule = AccessRuleInput.extend({ id: z.number().int(), reason: z.string() });
export type AccessRule = z.infer<typeof AccessRule>;

// ---- Content: banners, notices, navigation, floating icons, customer-service channels ----

/** The seed's status enumeration: '0' inactive, '1' active, '2' disabled; only active content is shown. */
export const ContentStatus = z.enum(['0', '1', '2']);
const Text = (max: number) => z.string().max(max);
/** What the member reads an entry by: never empty. */
const Name = z.string().trim().min(1, '名称不能为空').max(32);
/** A site path (`/app/...`, never `//host` or `/\host`, which browsers open as another host), or an http(s) address; empty for none. */
const SITE_PATH = String.raw`\/(?![\/\\])[^\s\\]*`;
const Link = z
  .string()
  .max(512)
  .regex(new RegExp(String.raw`^(|${SITE_PATH}|https?:\/\/\S+)$`), '链接须为站内路径或 http(s) 地址');

export const Banner = z.object({
  id: z.number().int(),
  title: Text(100),
  image: Link,
  link: Link,
  /** Where the banner shows: home, sports, casino, promotions... */
  position: z.string().min(1).max(32),
  sort: z.number().int(),
  ...Window,
});
export type Banner = z.infer<typeof Banner>;
export const BannerListBody = z.object({ position: z.string().max(32).optional() });

/** Notice categories: 1 is the marquee (shown only within pmdTimerStart..pmdTimerEnd), 2 a pop-up, 3 the announcement list. */
export const NoticeCategory = { MARQUEE: 1, POPUP: 2, LIST: 3 } as const;
export const Notice = z.object({
  id: z.number().int(),
  category: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  title: Text(100),
  content: Text(2000),
  sort: z.number().int(),
  pmdTimerStart: EpochMs.nullable(),
  pmdTimerEnd: EpochMs.nullable(),
});
export type Notice = z.infer<typeof Notice>;
export const NoticeListBody = z.object({ category: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional() });

export const NavigationEntry = z.object({
  id: z.number().int(),
  /** sports, live, casino, egames, chess, promotions... */
  code: z.string().min(1).max(32),
  name: Name,
  icon: Link,
  path: Link,
  /** A corner mark such as 热门; empty for none. */
  badge: Text(8),
  sort: z.number().int(),
  ...Window,
});
export type NavigationEntry = z.infer<typeof NavigationEntry>;

export const FloatIcon = z.object({
  id: z.number().int(),
  code: z.string().min(1).max(32),
  name: Name,
  icon: Link,
  link: Link,
  position: z.enum(['left', 'right']),
  sort: z.number().int(),
  ...Window,
});
export type FloatIcon = z.infer<typeof FloatIcon>;

export const CS_CHANNEL_KINDS = ['online', 'qq', 'telegram', 'wechat', 'email', 'phone'] as const;
export const CsChannel = z.object({
  id: z.number().int(),
  kind: z.enum(CS_CHANNEL_KINDS),
  name: Name,
  /** What the member reads or copies: a QQ number, a Telegram handle, an address. */
  account: Text(128),
  /** Where a tap goes: the online chat, t.me, mailto:, tel:; empty when there is nothing to open. */
  url: z
    .string()
    .max(512)
    .regex(new RegExp(String.raw`^(|${SITE_PATH}|https?:\/\/\S+|mailto:\S+|tel:[+\d-]+)$`), '链接格式不正确'),
  icon: Link,
  sort: z.number().int(),
  ...Window,
});
export type CsChannel = z.infer<typeof CsChannel>;
export const CsConfig = z.object({ hours: z.string(), notice: z.string(), channels: z.array(CsChannel) });

export const Country = z.object({ code: z.string(), name: z.string(), dialCode: z.string() });

/** The window of an item: startAt..endAt, or for notices pmdTimerStart..pmdTimerEnd; null ends are open. */
export function windowOf(item: Record<string, unknown>): [number | null, number | null] {
  const [start, end] = 'pmdTimerStart' in item || 'pmdTimerEnd' in item ? [item.pmdTimerStart, item.pmdTimerEnd] : [item.startAt, item.endAt];
  return [(start as number | null | undefined) ?? null, (end as number | null | undefined) ?? null];
}

/** How an operator writes content: the item without its id (given: that item is updated), plus its status. */
function inputOf<T extends z.ZodRawShape>(fields: z.ZodObject<T>) {
  return fields
    .extend({ id: z.number().int().positive().optional(), status: ContentStatus.default('1'), sort: z.number().int().default(0) })
    .refine((item) => endsAfterStart(windowOf(item)), { message: '结束时间须晚于开始时间' });
}
export const ContentInputs = {
  banner: inputOf(Banner.omit({ id: true }).partial({ startAt: true, endAt: true })),
  notice: inputOf(Notice.omit({ id: true }).partial({ pmdTimerStart: true, pmdTimerEnd: true })),
  navigation: inputOf(NavigationEntry.omit({ id: true }).partial({ startAt: true, endAt: true, badge: true })),
  float_icon: inputOf(FloatIcon.omit({ id: true }).partial({ startAt: true, endAt: true })),
  cs_channel: inputOf(CsChannel.omit({ id: true }).partial({ startAt: true, endAt: true })),
};
export type ContentKind = keyof typeof ContentInputs;
export type ContentInput<K extends ContentKind> = z.input<(typeof ContentInputs)[K]>;
export const CONTENT_KINDS = Object.keys(ContentInputs) as ContentKind[];

// ---- Short links ----

export const ShortUrlCreateBody = z.object({ path: z.string().min(1).max(1024) });
/** `url` is the absolute short link to share; opening it redirects to `path` on this site. */
export const ShortUrl = z.object({ code: z.string(), path: z.string(), url: z.string() });
