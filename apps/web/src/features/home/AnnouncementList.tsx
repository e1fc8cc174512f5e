import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { NoticeCategory } from '@bp/contract';
import { serverClock } from '../../shared/time/server-time.ts';
import { showNotice } from '../../shared/ui/notice-dialog.ts';
import { isShowing } from './announcements.ts';
import { useNotices } from './api.ts';

const SHOWN = 3;

/** The latest announcements of the list category; a tap reads one in full. */
export function AnnouncementList() {
  const { t } = useTranslation();
  const { data, isPending } = useNotices();
  const list = (data ?? []).filter((n) => n.category === NoticeCategory.LIST && isShowing(n, serverClock.now())).slice(0, SHOWN);
  if (!isPending && list.length === 0) return null;
  return (
    <section className="bp-announcements">
      <div className="bp-section-title">{t('home.notices')}</div>
      {/* Three rows' place is kept while the notices load, so the sections below do not jump down. */}
      {isPending ? (
        <div className="bp-card bp-announcements--loading" aria-hidden="true" />
      ) : (
        <ul className="bp-card">
          {list.map((n) => (
            <li key={n.id}>
              <button type="button" onClick={() => void showNotice({ title: n.title, content: n.content, confirmText: t('home.gotIt') })}>
                <span>{n.title}</span>
                <RightOutline aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
