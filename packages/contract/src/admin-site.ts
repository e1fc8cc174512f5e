import { z } from 'zod';
import { THEME_SERIES } from './enums.ts';
import { FESTIVAL_SKINS } from './theme.ts';
import {
  AccessRule,
  AccessRuleInput,
  Banner,
  ContentInputs,
  ContentStatus,
  CsChannel,
  FloatIcon,
  Maintenance,
  MaintenanceInput,
  NavigationEntry,
  Notice,
  type ACCESS_RULE_ACTIONS,
  type ACCESS_RULE_KINDS,
} from './site.ts';

/**
 * The back office's site screens (issue 17): notices, banners, navigation entries, floating icons
 * and customer-service channels, the safe list of a site's
 * configuration keys, maintenance windows, access rules, the theme and festival skin. Every call
 * names its site; the server checks the operator may act on it.
 */

const SiteId = z.number().int().positive().max(2_147_483_647);
const ItemId = z.number().int().positive().max(2_147_483_647);

export const AdminSiteBody = z.object({ siteId: SiteId });

/** An item as the operator sees it: shown or not (status '1' is published), whatever its window. */
export const AdminNotice = Notice.extend({ status: ContentStatus });
export const AdminBanner = Banner.extend({ status: ContentStatus });
export const AdminNoticeListData = z.object({ list: z.array(AdminNotice) });
export const AdminBannerListData = z.object({ list: z.array(AdminBanner) });
export const AdminNavigation = NavigationEntry.extend({ status: ContentStatus });
export const AdminFloatIcon = FloatIcon.extend({ status: ContentStatus });
export const AdminCsChannel = CsChannel.extend({ status: ContentStatus });
export const AdminNavigationListData = z.object({ list: z.array(AdminNavigation) });
export const AdminFloatIconListData = z.object({ list: z.array(AdminFloatIcon) });
export const AdminCsChannelListData = z.object({ list: z.array(AdminCsChannel) });
/** Writes one item; with `item.id`, that item is replaced. */
export const AdminNoticeSaveBody = z.object({ siteId: SiteId, item: ContentInputs.notice });
export const AdminBannerSaveBody = z.object({ siteId: SiteId, item: ContentInputs.banner });
export const AdminNavigationSaveBody = z.object({ siteId: SiteId, item: ContentInputs.navigation });
export const AdminFloatIconSaveBody = z.object({ siteId: SiteId, item: ContentInputs.float_icon });
export const AdminCsChannelSaveBody = z.object({ siteId: SiteId, item: ContentInputs.cs_channel });
export const AdminContentRemoveBody = z.object({ siteId: SiteId, id: ItemId });

/** The content kinds the console edits, with their names on screen. */
export const ADMIN_CONTENT_KINDS = { notice: '公告', banner: '轮播图', navigation: '导航入口', float_icon: '浮动图标', cs_channel: '客服渠道' } as const;
export type AdminContentKind = keyof typeof ADMIN_CONTENT_KINDS;
/** Each kind's segment of its calls' paths (`/api/admin/site/<segment>/list`), spelled as the member site's calls are. */
export const ADMIN_CONTENT_PATHS = {
  notice: 'notice',
  banner: 'banner',
  navigation: 'navigation',
  float_icon: 'floatIcon',
  cs_channel: 'csChannel',
} as const satisfies Record<AdminContentKind, string>;

// Configuration keys ------------------------------------------------------------------------------

const Switch = z.enum(['0', '1'], { message: '请选择开启或关闭' });
const WholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, '请输入整数')
    .refine((v) => Number(v) >= min && Number(v) <= max, `须在 ${min} 到 ${max} 之间`);
const Decimal = (max: number) =>
  z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/, '请输入最多两位小数的非负数')
    .refine((v) => Number(v) <= max, `不能超过 ${max}`);
const Text = (max: number) => z.string().max(max, `最多 ${max} 个字`);

export type SettingKind = 'switch' | 'number' | 'text';
interface Setting {
  label: string;
  group: string;
  kind: SettingKind;
  schema: z.ZodType<string>;
  hint?: string;
  /** A switch's state while unset, as its module reads it. */
  unset?: '0' | '1';
}

/**
 * The keys an operator may change on screen, each with the rule its value must meet (values are
 * strings, as stored). Unset keys take the owning module's default.
 */
export const SITE_SETTINGS = {
  withdraw_turnover_multiple: {
    label: '提款流水倍数',
    group: '财务',
    kind: 'number',
    schema: Decimal(100),
    hint: '每笔存款须完成其多少倍的有效投注才能提款，0 为不要求',
  },
  withdraw_min: { label: '单笔最低提款', group: '财务', kind: 'number', schema: Decimal(1_000_000) },
  withdraw_max: { label: '单笔最高提款', group: '财务', kind: 'number', schema: Decimal(100_000_000) },
  withdraw_fee_percent: { label: '提款手续费（%）', group: '财务', kind: 'number', schema: Decimal(100) },
  withdraw_free_times: { label: '每日免手续费提款次数', group: '财务', kind: 'number', schema: WholeNumber(0, 100) },
  deposit_cancel_limit: { label: '每日可取消存款次数', group: '财务', kind: 'number', schema: WholeNumber(0, 100) },
  withdrawal_password: { label: '提款需验证资金密码', group: '财务', kind: 'switch', schema: Switch, unset: '1' },
  login_verify_trigger_times: {
    label: '登录失败几次后需验证',
    group: '账户',
    kind: 'number',
    schema: WholeNumber(1, 20),
  },
  fast_register_verify: { label: '快速注册需验证', group: '账户', kind: 'switch', schema: Switch, unset: '0' },
  register_phone_number: { label: '注册需填写手机号', group: '账户', kind: 'switch', schema: Switch, unset: '0' },
  english_switch: { label: '英文版入口', group: '站点', kind: 'switch', schema: Switch, unset: '0' },
  cs_hours: { label: '客服时间', group: '客服', kind: 'text', schema: Text(100) },
  cs_notice: { label: '客服页提示', group: '客服', kind: 'text', schema: Text(500) },
  live_chat_switch: { label: '直播聊天室', group: '直播', kind: 'switch', schema: Switch, unset: '1' },
  live_chat_blocked_words: {
    label: '聊天屏蔽词',
    group: '直播',
    kind: 'text',
    schema: Text(2000),
    hint: '用逗号、| 或换行分隔',
  },
  live_big_win_min: { label: '大额中奖播报门槛', group: '直播', kind: 'number', schema: Decimal(100_000_000) },
} satisfies Record<string, Setting>;
export type SiteSettingKey = keyof typeof SITE_SETTINGS;
export const SITE_SETTING_KEYS = Object.keys(SITE_SETTINGS) as [SiteSettingKey, ...SiteSettingKey[]];

/** Whether a value meets its key's rule: null (back to the default) always does; otherwise the first problem in zh-CN. */
export function settingProblem(keyCode: SiteSettingKey, value: string | null): string | null {
  if (value === null) return null;
  const parsed = SITE_SETTINGS[keyCode].schema.safeParse(value);
  return parsed.success ? null : `${SITE_SETTINGS[keyCode].label}：${parsed.error.issues[0]?.message ?? '格式不正确'}`;
}

export const AdminConfigListData = z.object({
  /** Each key of the safe list with its stored value (null: the module's default). */
  list: z.array(z.object({ keyCode: z.enum(SITE_SETTING_KEYS), value: z.string().nullable() })),
});
export const AdminConfigSetBody = z.object({
  siteId: SiteId,
  keyCode: z.enum(SITE_SETTING_KEYS, { message: '该配置项不可在后台修改' }),
  value: z.string().trim().max(2000).nullable(),
});
export const AdminConfigEntry = z.object({ keyCode: z.string(), value: z.string().nullable() });

// Maintenance --------------------------------------------------------------------------------------

/** The window as set (it may lie ahead or be over), and what members see now. */
export const AdminMaintenanceData = z.object({
  setting: z.object({ status: z.number().int(), startAt: z.number().nullable(), endAt: z.number().nullable(), message: z.string() }),
  now: Maintenance,
});
export const AdminMaintenanceSetBody = z.object({ siteId: SiteId, setting: MaintenanceInput });

// Access rules -------------------------------------------------------------------------------------

export const AdminAccessRuleListData = z.object({ list: z.array(AccessRule) });
/** One rule more; the server checks the range or country code and refuses a second rule for the same one. */
export const AdminAccessRuleAddBody = z.object({ siteId: SiteId, rule: AccessRuleInput });
export const AdminAccessRuleRemoveBody = z.object({ siteId: SiteId, id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const ACCESS_RULE_KIND_NAMES: Record<(typeof ACCESS_RULE_KINDS)[number], string> = { ip: 'IP', country: '国家' };
export const ACCESS_RULE_ACTION_NAMES: Record<(typeof ACCESS_RULE_ACTIONS)[number], string> = { allow: '允许', deny: '拒绝', caveat: '提示' };

// Appearance ---------------------------------------------------------------------------------------

/** The site's theme series and festival skin ('' for none), as the member site shows them. */
export const SiteAppearance = z.object({
  series: z.enum(THEME_SERIES, { message: '请选择八种主题之一' }),
  festivalSkin: z.enum(['', ...FESTIVAL_SKINS], { message: '请选择一种节日皮肤，或不使用' }),
});
export type SiteAppearance = z.infer<typeof SiteAppearance>;
export const AdminAppearanceSetBody = SiteAppearance.extend({ siteId: SiteId });

const Done = z.null();

/** The site screens' calls (spread into the route table). */
export const ADMIN_SITE_ROUTES = {
  '/api/admin/site/notice/list': { body: AdminSiteBody, data: AdminNoticeListData },
  '/api/admin/site/notice/save': { body: AdminNoticeSaveBody, data: AdminNotice },
  '/api/admin/site/notice/remove': { body: AdminContentRemoveBody, data: Done },
  '/api/admin/site/banner/list': { body: AdminSiteBody, data: AdminBannerListData },
  '/api/admin/site/banner/save': { body: AdminBannerSaveBody, data: AdminBanner },
  '/api/admin/site/banner/remove': { body: AdminContentRemoveBody, data: Done },
  '/api/admin/site/navigation/list': { body: AdminSiteBody, data: AdminNavigationListData },
  '/api/admin/site/navigation/save': { body: AdminNavigationSaveBody, data: AdminNavigation },
  '/api/admin/site/navigation/remove': { body: AdminContentRemoveBody, data: Done },
  '/api/admin/site/floatIcon/list': { body: AdminSiteBody, data: AdminFloatIconListData },
  '/api/admin/site/floatIcon/save': { body: AdminFloatIconSaveBody, data: AdminFloatIcon },
  '/api/admin/site/floatIcon/remove': { body: AdminContentRemoveBody, data: Done },
  '/api/admin/site/csChannel/list': { body: AdminSiteBody, data: AdminCsChannelListData },
  '/api/admin/site/csChannel/save': { body: AdminCsChannelSaveBody, data: AdminCsChannel },
  '/api/admin/site/csChannel/remove': { body: AdminContentRemoveBody, data: Done },
  '/api/admin/site/config/list': { body: AdminSiteBody, data: AdminConfigListData },
  '/api/admin/site/config/set': { body: AdminConfigSetBody, data: AdminConfigEntry },
  '/api/admin/site/maintenance/get': { body: AdminSiteBody, data: AdminMaintenanceData },
  '/api/admin/site/maintenance/set': { body: AdminMaintenanceSetBody, data: AdminMaintenanceData },
  '/api/admin/site/access/list': { body: AdminSiteBody, data: AdminAccessRuleListData },
  '/api/admin/site/access/add': { body: AdminAccessRuleAddBody, data: AccessRule },
  '/api/admin/site/access/remove': { body: AdminAccessRuleRemoveBody, data: Done },
  '/api/admin/site/appearance/get': { body: AdminSiteBody, data: SiteAppearance },
  '/api/admin/site/appearance/set': { body: AdminAppearanceSetBody, data: SiteAppearance },
} as const;
