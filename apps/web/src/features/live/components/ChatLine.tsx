import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage, OrderCard } from '@bp/contract';
import { useCurrency } from '../../../shared/site/use-currency.ts';

/** Who said it, as the room shows members (the server masks the name). */
export const speaker = (m: Pick<ChatMessage, 'memberName' | 'username'>) => m.memberName || m.username;

/** One line of the room: a text, a welcome, a shared bet or a gift. */
export function ChatLine({ message, onPress }: { message: ChatMessage; onPress?: () => void }) {
  const { t } = useTranslation();
  const m = message;
  if (m.msgType === 'welcome') return <li className="bp-live-line is-welcome">{t('live.welcome', { name: speaker(m) })}</li>;
  if (m.msgType === 'giftPush' && m.gift) {
    return (
      <li className="bp-live-line is-gift" data-id={m.id}>
        <b>{speaker(m)}</b> {t('live.gave', { gift: m.gift.giftName, count: m.gift.count })}
        <img src={m.gift.giftIcon} alt="" />
        {m.gift.combo > 1 ? <em>{t('live.combo', { combo: m.gift.combo })}</em> : null}
      </li>
    );
  }
  return (
    <li className={`bp-live-line${onPress ? ' is-pressable' : ''}`} data-id={m.id} onClick={onPress}>
      {m.vipLevel > 0 ? <i className="bp-live-vip">VIP{m.vipLevel}</i> : null}
      <b>{speaker(m)}：</b>
      {m.msgType === 'order' && m.order ? <OrderCardView card={m.order} /> : <span>{m.content}</span>}
    </li>
  );
}

/** A bet as the room shows it: a shared one, or a big win pinned above the chat. */
export function OrderCardView({ card }: { card: OrderCard }) {
  const { t } = useTranslation();
  const { money } = useCurrency();
  // A team without a picture shows none rather than a broken image.
  const [logo, setLogo] = useState(card.teamLogo !== '');
  return (
    <span className="bp-live-order">
      {logo ? <img src={card.teamLogo} alt="" onError={() => setLogo(false)} /> : null}
      <span className="bp-live-order-main">
        <b>{card.itemName}</b>
        <small>
          {card.categoryName}
          {card.score ? ` · ${card.score}` : ''} · {card.venueName}
        </small>
      </span>
      <span className="bp-live-order-side">
        <b>{t('live.order.odds', { odds: card.odds.toFixed(2) })}</b>
        <small>{t('live.order.stake', { stake: money(card.stake) })}</small>
      </span>
    </span>
  );
}
