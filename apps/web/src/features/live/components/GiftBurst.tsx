import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@bp/contract';
import { speaker } from './ChatLine.tsx';

/** How long one gift's animation shows; gifts arriving meanwhile wait their turn (at most a few). */
const SHOW_MS = 2_400;
const QUEUE_MAX = 5;

/**
 * A gift's light animation over the player (CSS only): the icon bursts in with sparkles and the
 * giver's line slides across, with the combo counting up.
 */
export function GiftBurst({ latest }: { latest: ChatMessage | null }) {
  const { t } = useTranslation();
  const [queue, setQueue] = useState<ChatMessage[]>([]);
  useEffect(() => {
    if (latest) setQueue((q) => [...q, latest].slice(-QUEUE_MAX));
  }, [latest]);
  const current = queue[0];
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setQueue((q) => q.slice(1)), SHOW_MS);
    return () => clearTimeout(timer);
  }, [current]);
  if (!current?.gift) return null;
  const g = current.gift;
  return (
    <div className="bp-live-burst" key={current.id} role="status" data-gift={g.giftId}>
      <div className="bp-live-burst-icon">
        <img src={g.giftIcon} alt={g.giftName} />
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <i key={i} className={`bp-live-spark s${i}`} />
        ))}
      </div>
      <p className="bp-live-burst-line">
        <b>{speaker(current)}</b> {t('live.gave', { gift: g.giftName, count: g.count })}
        {g.combo > 1 ? <em>{t('live.combo', { combo: g.combo })}</em> : null}
      </p>
    </div>
  );
}
