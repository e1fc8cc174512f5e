import { DEFAULT_THEME, THEME_LOOKS, THEME_SERIES, type FestivalSkin, type ThemeLook, type ThemeSeries } from '@bp/contract';

/**
 * The eight theme series (seed 2) as CSS variables: the site's own (--bp-*) and antd-mobile's
 * (--adm-*), so every component follows the theme. The login screen's look differs per series
 * through `loginLook` (a class on the login page, styled in theme.css).
 */
export interface Theme {
  series: ThemeSeries;
  name: string;
  /** light or dark surfaces: drives the browser's colour scheme. */
  scheme: 'light' | 'dark';
  loginLook: 'crest' | 'breeze' | 'salon' | 'triad' | 'neon' | 'plain' | 'confetti' | 'hud';
  vars: Record<string, string>;
}

interface Palette {
  bg: string;
  surface: string;
  surface2: string;
  text: string;
  text2: string;
  primary: string;
  primary2: string;
  onPrimary: string;
  accent: string;
  border: string;
  radius: number;
  header: string;
  hero: string;
  danger?: string;
}

function varsOf(p: Palette): Record<string, string> {
  return {
    '--bp-bg': p.bg,
    '--bp-surface': p.surface,
    '--bp-surface-2': p.surface2,
    '--bp-text': p.text,
    '--bp-text-2': p.text2,
    '--bp-primary': p.primary,
    '--bp-primary-2': p.primary2,
    '--bp-on-primary': p.onPrimary,
    '--bp-accent': p.accent,
    '--bp-border': p.border,
    '--bp-radius': `${p.radius}px`,
    '--bp-radius-lg': `${Math.round(p.radius * 1.6)}px`,
    '--bp-header': p.header,
    '--bp-hero': p.hero,
    '--bp-gradient': `linear-gradient(135deg, ${p.primary}, ${p.primary2})`,
    '--adm-color-primary': p.primary,
    '--adm-color-background': p.surface,
    '--adm-color-box': p.surface2,
    '--adm-color-text': p.text,
    '--adm-color-text-secondary': p.text2,
    '--adm-color-weak': p.text2,
    '--adm-color-light': p.text2,
    '--adm-color-border': p.border,
    '--adm-border-color': p.border,
    '--adm-color-fill-content': p.surface2,
    '--adm-color-text-light-solid': p.onPrimary,
    '--adm-color-danger': p.danger ?? '#ff4d4f',
    '--adm-radius-s': `${Math.max(2, Math.round(p.radius / 2))}px`,
    '--adm-radius-m': `${p.radius}px`,
    '--adm-radius-l': `${Math.round(p.radius * 1.6)}px`,
  };
}

/** A series' palette: its main colours and name from the contract (the console shows them too), the rest here. */
const theme = (series: ThemeSeries, scheme: Theme['scheme'], loginLook: Theme['loginLook'], p: Omit<Palette, keyof ThemeLook>): Theme => {
  const { name, ...colours } = THEME_LOOKS[series];
  return { series, name, scheme, loginLook, vars: varsOf({ ...colours, ...p }) };
};

export const THEMES: Record<ThemeSeries, Theme> = {
  classy: theme('classy', 'dark', 'crest', {
    surface2: '#222229',
    text: '#f3e7cf',
    text2: '#a39a88',
    onPrimary: '#1a1408',
    accent: '#f5d99b',
    radius: 10,
    header: 'linear-gradient(180deg, #1d1a14 0%, #0e0e11 100%)',
    hero: 'radial-gradient(120% 80% at 50% 0%, #3a2d14 0%, #17130c 45%, #0e0e11 100%)',
  }),
  fresh: theme('fresh', 'light', 'breeze', {
    surface2: '#e8f4ee',
    text: '#15352a',
    text2: '#6b8579',
    onPrimary: '#ffffff',
    accent: '#ffb020',
    radius: 14,
    header: 'linear-gradient(180deg, #d9f4e7 0%, #f2f8f5 100%)',
    hero: 'linear-gradient(160deg, #c9f1dd 0%, #eaf8f1 55%, #f2f8f5 100%)',
  }),
  elegant: theme('elegant', 'light', 'salon', {
    surface2: '#f0e6da',
    text: '#3a2326',
    text2: '#8c7370',
    onPrimary: '#fff6ee',
    accent: '#c49a5a',
    radius: 6,
    header: 'linear-gradient(180deg, #efe2d3 0%, #f6f1ea 100%)',
    hero: 'linear-gradient(180deg, #5e1a26 0%, #8e2f3c 60%, #f6f1ea 60%)',
  }),
  triadTheme: theme('triadTheme', 'light', 'triad', {
    surface2: '#eaeef8',
    text: '#1b2440',
    text2: '#6d7693',
    onPrimary: '#ffffff',
    accent: '#13c2a3',
    radius: 12,
    header: 'linear-gradient(90deg, #2f6bff 0%, #13c2a3 50%, #ff8a1f 100%)',
    hero: 'linear-gradient(135deg, #2f6bff 0%, #13c2a3 50%, #ff8a1f 100%)',
  }),
  glow: theme('glow', 'dark', 'neon', {
    surface2: '#251a45',
    text: '#efe6ff',
    text2: '#a594c9',
    onPrimary: '#ffffff',
    accent: '#4de1ff',
    radius: 16,
    header: 'linear-gradient(180deg, #241345 0%, #110a22 100%)',
    hero: 'radial-gradient(90% 70% at 30% 10%, #5b1f9c 0%, #2a1052 40%, #110a22 100%)',
  }),
  simple: theme('simple', 'light', 'plain', {
    surface2: '#f0f1f3',
    text: '#1f2329',
    text2: '#86909c',
    onPrimary: '#ffffff',
    accent: '#f53f3f',
    radius: 4,
    header: '#ffffff',
    hero: '#ffffff',
  }),
  colorful: theme('colorful', 'light', 'confetti', {
    surface2: '#ffefe3',
    text: '#3b1f2b',
    text2: '#9a7580',
    onPrimary: '#ffffff',
    accent: '#7b61ff',
    radius: 18,
    header: 'linear-gradient(90deg, #ffd6e0 0%, #ffe7c7 100%)',
    hero: 'linear-gradient(140deg, #ff4d6d 0%, #ff8a5b 50%, #ffc53d 100%)',
  }),
  mecha: theme('mecha', 'dark', 'hud', {
    surface2: '#18242f',
    text: '#d8f6ff',
    text2: '#7b98a8',
    onPrimary: '#001620',
    accent: '#ffd400',
    radius: 2,
    header: 'linear-gradient(180deg, #0f1d28 0%, #0a1016 100%)',
    hero: 'linear-gradient(180deg, #0f2533 0%, #0a1016 100%)',
  }),
};

export const isSeries = (value: unknown): value is ThemeSeries => typeof value === 'string' && (THEME_SERIES as readonly string[]).includes(value);

/**
 * Which series shows: a preview (`?theme=` or the member's setting) wins over the site's series
 * from perInfo; classy when neither names a known one.
 */
export function pickSeries(preview: string | null | undefined, siteSeries: string | null | undefined): ThemeSeries {
  if (isSeries(preview)) return preview;
  if (isSeries(siteSeries)) return siteSeries;
  return DEFAULT_THEME;
}

/** Puts a theme on the document: variables on :root, the series and skin as data attributes. */
export function applyTheme(root: HTMLElement, series: ThemeSeries, festival: FestivalSkin | null): void {
  const t = THEMES[series];
  for (const [k, v] of Object.entries(t.vars)) root.style.setProperty(k, v);
  root.dataset.theme = series;
  root.dataset.scheme = t.scheme;
  root.style.colorScheme = t.scheme;
  if (festival) root.dataset.festival = festival;
  else delete root.dataset.festival;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', t.vars['--bp-bg']);
}
