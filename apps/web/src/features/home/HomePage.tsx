import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BUILD } from '@bp/contract';
import { HomeHeader } from './HomeHeader.tsx';
import { BannerCarousel } from './BannerCarousel.tsx';
import { NoticeTicker } from './NoticeTicker.tsx';
import { QuickNav } from './QuickNav.tsx';
import { AnnouncementList } from './AnnouncementList.tsx';
import { AppDownload, APP_DOWNLOAD_ID } from './AppDownload.tsx';
import { FloatIcons } from './FloatIcons.tsx';
import { PopupNotice } from './PopupNotice.tsx';
import './home.css';

/** Seed 2: /app/home, with its app-download section scrolled to when asked (#app-download). */
export function HomePage() {
  const { t } = useTranslation();
  const { hash, state } = useLocation();
  const download = useRef<HTMLElement>(null);
  const wantsDownload = hash === `#${APP_DOWNLOAD_ID}` || (state as { scrollTo?: string } | null)?.scrollTo === APP_DOWNLOAD_ID;
  useEffect(() => {
    if (wantsDownload) download.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [wantsDownload]);

  return (
    <div className="bp-page bp-home">
      <HomeHeader />
      <div className="bp-home-body">
        <BannerCarousel />
        <NoticeTicker />
        <QuickNav />
        <AnnouncementList />
        <AppDownload ref={download} />
        <footer className="bp-home-footer">
          <p>{t('footer.responsible')}</p>
          <p>{t('footer.version', { version: BUILD.version })}</p>
        </footer>
      </div>
      <FloatIcons />
      <PopupNotice />
    </div>
  );
}
