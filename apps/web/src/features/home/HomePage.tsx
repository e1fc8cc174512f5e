import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BUILD } from '@bp/contract';
import { HomeHeader } from './HomeHeader.tsx';
import { BannerCarousel } from './BannerCarousel.tsx';
import { NoticeTicker } from './NoticeTicker.tsx';
import { HomeWallet } from './HomeWallet.tsx';
import { QuickNav } from './QuickNav.tsx';
import { LiveStrip } from './LiveStrip.tsx';
import { AnnouncementList } from './AnnouncementList.tsx';
import { AppDownload, APP_DOWNLOAD_ID } from './AppDownload.tsx';
import { FloatIcons } from './FloatIcons.tsx';
import { PopupNotice } from './PopupNotice.tsx';
import './home.css';
import './home-sections.css';

const SETTLE_MS = 2_500;

/**
 * Scrolls a section into view and keeps it there while the content above it arrives (banners,
 * notices load after the page shows), until the member scrolls or the page settles.
 */
function useKeepInView(ref: RefObject<HTMLElement | null>, active: boolean) {
  useEffect(() => {
    const target = ref.current;
    if (!active || !target) return;
    const page = target.parentElement!;
    const align = () => target.scrollIntoView({ block: 'start' });
    const observer = new ResizeObserver(align);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      window.removeEventListener('touchstart', stop);
      window.removeEventListener('wheel', stop);
    };
    observer.observe(page);
    align();
    const timer = setTimeout(stop, SETTLE_MS);
    window.addEventListener('touchstart', stop, { passive: true });
    window.addEventListener('wheel', stop, { passive: true });
    return stop;
  }, [ref, active]);
}

/** Seed 2: /app/home, with its app-download section scrolled to when asked (#app-download). */
export function HomePage() {
  const { t } = useTranslation();
  const { hash, state } = useLocation();
  const download = useRef<HTMLElement>(null);
  const wantsDownload = hash === `#${APP_DOWNLOAD_ID}` || (state as { scrollTo?: string } | null)?.scrollTo === APP_DOWNLOAD_ID;
  useKeepInView(download, wantsDownload);

  return (
    <div className="bp-page bp-home">
      <HomeHeader />
      <div className="bp-home-body">
        <BannerCarousel />
        <NoticeTicker />
        <HomeWallet />
        <QuickNav />
        <LiveStrip />
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
