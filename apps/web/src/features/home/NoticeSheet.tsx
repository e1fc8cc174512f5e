import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@bp/contract';
import { formatDateTime } from '../../shared/ui/format.ts';

/** Every announcement showing, in a sheet from the bottom (loaded when the ticker is first tapped). */
export function NoticeSheet({ open, notices, onClose }: { open: boolean; notices: Notice[]; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Popup visible={open} onMaskClick={onClose} bodyClassName="bp-notice-popup" destroyOnClose>
      <h3>{t('home.notices')}</h3>
      <ul className="bp-notice-list">
        {notices.map((n) => (
          <li key={n.id}>
            <strong>{n.title}</strong>
            {n.pmdTimerStart ? <time>{formatDateTime(n.pmdTimerStart)}</time> : null}
            <p>{n.content}</p>
          </li>
        ))}
      </ul>
    </Popup>
  );
}
