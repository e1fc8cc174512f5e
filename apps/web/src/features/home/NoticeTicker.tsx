import { Popup } from 'antd-mobile';
import { SoundOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@bp/contract';
import { serverClock } from '../../shared/time/server-time.ts';
import { formatDateTime } from '../../shared/ui/format.ts';
import { isShowing, tickerEntries } from './announcements.ts';
import { useNotices } from './api.ts';
import { trackShift, useTickerRow } from './use-ticker-row.ts';

/** The announcement ticker (seed 4 rules in announcements.ts); a tap opens every announcement. */
export function NoticeTicker() {
  const { t } = useTranslation();
  const { data } = useNotices();
  const [open, setOpen] = useState(false);
  const entries = useMemo(() => tickerEntries(data ?? [], serverClock.now()), [data]);
  const hasText = entries.some((e) => e.notice);
  const { row, slide } = useTickerRow(entries.length, hasText);
  if (!hasText) return null;
  const showing = (data ?? []).filter((n) => isShowing(n, serverClock.now()));
  return (
    <>
      <div className="bp-ticker" role="button" onClick={() => setOpen(true)} aria-label={t('home.notices')}>
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
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyClassName="bp-notice-popup" destroyOnClose>
        <h3>{t('home.notices')}</h3>
        <NoticeList notices={showing} />
      </Popup>
    </>
  );
}

function NoticeList({ notices }: { notices: Notice[] }) {
  return (
    <ul className="bp-notice-list">
      {notices.map((n) => (
        <li key={n.id}>
          <strong>{n.title}</strong>
          {n.pmdTimerStart ? <time>{formatDateTime(n.pmdTimerStart)}</time> : null}
          <p>{n.content}</p>
        </li>
      ))}
    </ul>
  );
}
