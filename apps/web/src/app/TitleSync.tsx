import { useEffect, useRef } from 'react';
import { useMatches } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { usePerInfo } from '../shared/site/site-info.ts';
import { startTitleMarquee } from '../shared/ui/title-marquee.ts';
import type { RouteHandle } from '../shared/routing/areas.ts';

/** The document title: the page's, then the site's; long titles scroll (seed 2). */
export function TitleSync() {
  const { t } = useTranslation();
  const matches = useMatches();
  const { data } = usePerInfo();
  const marquee = useRef<ReturnType<typeof startTitleMarquee> | null>(null);
  useEffect(() => {
    marquee.current = startTitleMarquee(document, navigator.userAgent);
    return () => marquee.current?.stop();
  }, []);
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as RouteHandle | undefined;
  const parts = [handle?.title ? t(handle.title) : '', data?.siteName ?? '', handle?.title ? '' : t('site.slogan')];
  const title = parts.filter(Boolean).join(' - ');
  useEffect(() => marquee.current?.set(title), [title]);
  return null;
}
