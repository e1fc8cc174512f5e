/** The seed's enumerations (section 3). */
export const Status = { INACTIVE: '0', ACTIVE: '1', DISABLED: '2' } as const;
export type Status = (typeof Status)[keyof typeof Status];

export const MEDIA_KINDS = ['ANIMATION', 'LIVE', 'ANCHOR'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const SPORT_KINDS = ['football', 'basketball', 'esports', 'anchor'] as const;
export type SportKind = (typeof SPORT_KINDS)[number];

export const BIND_FLOWS = ['userRealNameBind', 'userInfoBind', 'selectRealName', 'selectUSDT'] as const;
export type BindFlow = (typeof BIND_FLOWS)[number];

export const WALLET_TYPES = ['RMB', 'USDT'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

export const THEME_SERIES = ['fresh', 'elegant', 'triadTheme', 'classy', 'glow', 'simple', 'colorful', 'mecha'] as const;
export type ThemeSeries = (typeof THEME_SERIES)[number];
export const DEFAULT_THEME: ThemeSeries = 'classy';

export const SETTLEMENT_UNITS = ['cny', 'usdt'] as const;
export type SettlementUnit = (typeof SETTLEMENT_UNITS)[number];

/** Member tags of the seed. */
export const MemberTags = { ACTIVITY_BLACKLIST: 'activity_blacklist', NO_LEVEL_BONUS: 'no_level_bonus' } as const;

/** The build the seed describes. */
export const BUILD = { version: '1.1.0', date: '2025/8/6', theme: DEFAULT_THEME } as const;

/** World-cup matches are marked by these venue ids (seed 9). */
export const WORLD_CUP_VENUE_IDS: readonly number[] = [3169, 10583, 34055];

/** Venue codes shown under another name (seed 3). */
export const VENUE_CODE_ALIASES: Readonly<Record<string, string>> = { OBTY: 'YB', IMTY: 'IM' };

export const TIME_ZONE = 'Asia/Shanghai';
