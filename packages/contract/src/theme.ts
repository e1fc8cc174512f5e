import type { ThemeSeries } from './enums.ts';

/**
 * How the eight theme series and the festival skins look and are named, for the member site (which
 * builds its palettes on these colours) and the console (which shows them as swatches to choose from).
 */

export interface ThemeLook {
  /** The name members and operators read. */
  name: string;
  /** The page's background, the cards' surface, the lines between them. */
  bg: string;
  surface: string;
  border: string;
  /** The main colour and the second of its gradient. */
  primary: string;
  primary2: string;
}

export const THEME_LOOKS: Record<ThemeSeries, ThemeLook> = {
  classy: { name: '尊享黑金', bg: '#0e0e11', surface: '#18181d', border: '#2e2b26', primary: '#d9b16a', primary2: '#a97a2f' },
  fresh: { name: '清新绿意', bg: '#f2f8f5', surface: '#ffffff', border: '#d9ebe2', primary: '#22b573', primary2: '#0e9f8e' },
  elegant: { name: '典雅酒红', bg: '#f6f1ea', surface: '#fffdf9', border: '#e6d8c8', primary: '#8e2f3c', primary2: '#5e1a26' },
  triadTheme: { name: '三色活力', bg: '#f3f5fb', surface: '#ffffff', border: '#dde3f2', primary: '#2f6bff', primary2: '#ff8a1f' },
  glow: { name: '霓虹流光', bg: '#110a22', surface: '#1b1233', border: '#33265a', primary: '#b45cff', primary2: '#ff4fb8' },
  simple: { name: '简约白', bg: '#f5f6f7', surface: '#ffffff', border: '#e5e6eb', primary: '#1668dc', primary2: '#1668dc' },
  colorful: { name: '缤纷多彩', bg: '#fff6ef', surface: '#ffffff', border: '#ffe0cf', primary: '#ff4d6d', primary2: '#ffa62b' },
  mecha: { name: '机甲科技', bg: '#0a1016', surface: '#111a22', border: '#1f3444', primary: '#00d8ff', primary2: '#0077ff' },
};

/** The festival skins a site can put over its theme (config key `site_festival_skin`; empty for none). */
export const FESTIVAL_SKINS = ['springFestival', 'midAutumn', 'nationalDay', 'worldCup'] as const;
export type FestivalSkin = (typeof FESTIVAL_SKINS)[number];

export const FESTIVAL_SKIN_NAMES: Record<FestivalSkin, string> = {
  springFestival: '春节',
  midAutumn: '中秋',
  nationalDay: '国庆',
  worldCup: '世界杯',
};

/** A stored skin as the site shows it: a known one, else none. */
export const festivalOf = (value: string | null | undefined): FestivalSkin | null =>
  (FESTIVAL_SKINS as readonly string[]).includes(value ?? '') ? (value as FestivalSkin) : null;
