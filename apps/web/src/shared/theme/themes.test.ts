// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, THEME_SERIES, festivalOf } from '@bp/contract';
import { THEMES, applyTheme, pickSeries } from './themes.ts';

describe('theme series', () => {
  it('[S2-14] defines the eight series, each with its own colours, surfaces, radii and login look', () => {
    expect(Object.keys(THEMES).sort()).toEqual([...THEME_SERIES].sort());
    const names = Object.keys(THEMES.classy.vars).sort();
    for (const t of Object.values(THEMES)) expect(Object.keys(t.vars).sort()).toEqual(names);
    const distinct = (v: string) => new Set(Object.values(THEMES).map((t) => t.vars[v])).size;
    expect(distinct('--bp-primary')).toBe(8);
    expect(distinct('--bp-bg')).toBe(8);
    expect(distinct('--bp-radius')).toBeGreaterThanOrEqual(6);
    expect(new Set(Object.values(THEMES).map((t) => t.loginLook)).size).toBe(8);
    expect(names).toEqual(expect.arrayContaining(['--adm-color-primary', '--adm-color-background', '--adm-radius-m']));
  });

  it('[S2-14] [S9-10] classy unless the site or a preview names another series', () => {
    expect(DEFAULT_THEME).toBe('classy');
    expect(pickSeries(null, null)).toBe('classy');
    expect(pickSeries(null, 'mecha')).toBe('mecha');
    expect(pickSeries('glow', 'mecha')).toBe('glow');
    expect(pickSeries('neon-pink', 'nonsense')).toBe('classy');
  });

  it('[S3-08] puts the festival skin of site_festival_skin on the document, nothing for unknown ones', () => {
    const root = document.documentElement;
    applyTheme(root, 'elegant', festivalOf('springFestival'));
    expect(root.dataset.theme).toBe('elegant');
    expect(root.dataset.festival).toBe('springFestival');
    expect(root.style.getPropertyValue('--adm-color-primary')).toBe(THEMES.elegant.vars['--bp-primary']);
    applyTheme(root, 'classy', festivalOf('<script>'));
    expect(root.dataset.festival).toBeUndefined();
    expect(festivalOf('')).toBeNull();
  });
});
