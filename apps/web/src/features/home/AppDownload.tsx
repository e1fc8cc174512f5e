import { Suspense, forwardRef, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { usePerInfo } from '../../shared/site/site-info.ts';
import { entryParams } from '../../shared/entry-params.ts';

export const APP_DOWNLOAD_ID = 'app-download';

// The code is drawn at the foot of home: its library loads after the page's first screen.
const QRCodeSVG = lazy(async () => ({ default: (await import('qrcode.react')).QRCodeSVG }));
const QR_SIZE = 112;

/** Where the code leads: this site's home, marked as coming from the download section, with the invite kept. */
export function downloadLink(origin: string, inviteCode?: string): string {
  const query = new URLSearchParams({ from: APP_DOWNLOAD_ID });
  if (inviteCode) query.set('i_code', inviteCode);
  return `${origin}/app/home?${query}`;
}

/** The app-download section (seed 2): scan to open the site on a phone and keep it on the home screen. */
export const AppDownload = forwardRef<HTMLElement>(function AppDownload(_props, ref) {
  const { t } = useTranslation();
  const { data } = usePerInfo();
  const link = downloadLink(location.origin, entryParams().i_code);
  return (
    <section id={APP_DOWNLOAD_ID} ref={ref} className="bp-download">
      <div className="bp-download-text">
        <h3>{t('home.downloadTitle', { name: data?.siteName ?? '' })}</h3>
        <p>{t('home.downloadBody')}</p>
        <ol>
          <li>{t('home.downloadStep1')}</li>
          <li>{t('home.downloadStep2')}</li>
        </ol>
      </div>
      <div className="bp-download-qr">
        <Suspense fallback={<span className="bp-download-qr-wait" style={{ width: QR_SIZE, height: QR_SIZE }} />}>
          <QRCodeSVG value={link} size={QR_SIZE} level="M" marginSize={2} bgColor="#ffffff" fgColor="#111111" title={t('home.scan')} />
        </Suspense>
        <span>{t('home.scan')}</span>
      </div>
    </section>
  );
});
