import { SoundOutline } from 'antd-mobile-icons';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverClock } from '../../shared/time/server-time.ts';
import { isShowing, tickerEntries } from './announcements.ts';
import { useNotices } from './api.ts';
import { trackShift, useTickerRow } from './use-ticker-row.ts';

// The sheet and its popup library load when the ticker is first tapped.
const NoticeSheet = lazy(async () => ({ default: (await import('./NoticeSheet.tsx')).NoticeSheet }));

/** The announcement ticker (seed 4 rules in announcements.ts); a tap opens every announcement. */
export function NoticeTicker() {
  const { t } = useTranslation();
  const { data, isPending } = useNotices();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const entries = useMemo(() => tickerEntries(data ?? [], serverClock.now()), [data]);
  const hasText = entries.some((e) => e.notice);
  const { row, slide } = useTickerRow(entries.length, hasText);
  // Its place is kept while the notices load, so what follows does not jump down when they come.
  if (isPending) return <div className="bp-ticker bp-ticker--loading" aria-hidden="true" />;
  if (!hasText) return null;
  const showing = (data ?? []).filter((n) => isShowing(n, serverClock.now()));
  return (
    <>
      <div
        className="bp-ticker"
        role="button"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        aria-label={t('home.notices')}
      >
        <SoundOutline className="bp-ticker-icon" />
        <div className="bp-ticker-window">
          <ul className={`bp-ticker-rows${slide ? ' is-sliding' : ''}`} style={{ transform: trackShift(row, entries.length) }}>
            {[...entries, { ...entries[0], key: 'again' }].map((e) => (
              <li key={e.key}>{e.notice ? e.notice.content || e.notice.title : ''}</li>
            ))}
          </ul>
        </div>
        <span className="bp-ticker-more">{t('home.more')}</span>
      </div>
      {opened ? (
        <Suspense fallback={null}>
          <NoticeSheet open={open} notices={showing} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
