import { useEffect } from 'react';
import { festivalOf, type ThemeSeries } from '@bp/contract';
import { local } from '../storage/local.ts';
import { createStore, useStore } from '../store.ts';
import { usePerInfo } from '../site/site-info.ts';
import { applyTheme, isSeries, pickSeries } from './themes.ts';

const PREVIEW_KEY = 'bp.themePreview';
const SITE_SERIES_KEY = 'bp.siteSeries';

/** A series the member previews (`?theme=` or the theme setting); null follows the site. */
export const themePreview = createStore<ThemeSeries | null>(isSeries(local.get(PREVIEW_KEY)) ? (local.get(PREVIEW_KEY) as ThemeSeries) : null);
themePreview.subscribe(() => {
  const v = themePreview.get();
  if (v) local.set(PREVIEW_KEY, v);
  else local.remove(PREVIEW_KEY);
});

/** A page that has its own look whatever the site's series (/entry/login is the fresh theme's). */
const pageSeries = createStore<ThemeSeries | null>(null);

export function usePageSeries(series: ThemeSeries): void {
  useEffect(() => {
    pageSeries.set(series);
    return () => pageSeries.set(null);
  }, [series]);
}

/** Reads `?theme=` on arrival: a known series is previewed, `?theme=site` goes back to the site's. */
export function previewFromQuery(search: string): void {
  const wanted = new URLSearchParams(search).get('theme');
  if (wanted === 'site') themePreview.set(null);
  else if (isSeries(wanted)) themePreview.set(wanted);
}

/** The series showing now, and the site's own. */
export function useSeries(): { series: ThemeSeries; siteSeries: ThemeSeries } {
  const { data } = usePerInfo();
  const preview = useStore(themePreview);
  const page = useStore(pageSeries);
  const siteSeries = pickSeries(null, data?.series ?? local.get(SITE_SERIES_KEY));
  return { series: page ?? pickSeries(preview, siteSeries), siteSeries };
}

/** Keeps the document's theme in step with the site, the preview and the page. */
export function ThemeController() {
  const { data } = usePerInfo();
  const { series } = useSeries();
  const festival = festivalOf(data?.festivalSkin ?? data?.config?.site_festival_skin);
  useEffect(() => {
    if (data?.series) local.set(SITE_SERIES_KEY, data.series);
  }, [data?.series]);
  useEffect(() => applyTheme(document.documentElement, series, festival), [series, festival]);
  return null;
}
