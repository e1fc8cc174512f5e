import { useEffect } from 'react';
import i18n from 'i18next';
import { NoticeCategory, shanghaiDay, type Notice } from '@bp/contract';
import { local } from '../../shared/storage/local.ts';
import { showNotice } from '../../shared/ui/notice-dialog.ts';
import { serverClock } from '../../shared/time/server-time.ts';
import { useNotices } from './api.ts';
import { isShowing } from './announcements.ts';

const SEEN_KEY = 'bp.popupSeen';

/** The pop-up announcements (category 2), each shown once a day. */
export function PopupNotice() {
  const { data } = useNotices();
  useEffect(() => {
    const now = serverClock.now();
    const seen = local.getJson<Record<string, string>>(SEEN_KEY) ?? {};
    const today = shanghaiDay(now);
    const due = (data ?? []).filter((n: Notice) => n.category === NoticeCategory.POPUP && isShowing(n, now) && seen[n.id] !== today);
    if (due.length === 0) return;
    for (const n of due) seen[n.id] = today;
    local.setJson(SEEN_KEY, seen);
    void (async () => {
      for (const n of due) await showNotice({ title: n.title, content: n.content, confirmText: i18n.t('home.gotIt') });
    })();
  }, [data]);
  return null;
}
