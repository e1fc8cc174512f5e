import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Popup, Toast } from 'antd-mobile';
import { useCurrency } from '../../../shared/site/use-currency.ts';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { liveApi, liveKeys } from '../api.ts';
import { showRefusal } from './refusal.ts';

/** 分享注单: the member picks one of its own latest bets and shares it in the room as an order message. */
export function ShareOrderSheet({ chatRoomNo, visible, onClose }: { chatRoomNo: string; visible: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const bets = useQuery({ queryKey: liveKeys.bets, queryFn: liveApi.bets, enabled: visible, staleTime: 5_000 });
  const share = (orderId: string) =>
    liveApi.shareOrder(chatRoomNo, orderId).then(() => {
      Toast.show({ content: t('live.order.shared') });
      onClose();
    }, showRefusal);
  const list = bets.data?.list ?? [];
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="bp-live-sheet" destroyOnClose>
      <h3 className="bp-live-sheet-title">{t('live.order.pick')}</h3>
      {bets.isSuccess && list.length === 0 ? <p className="bp-live-sheet-empty">{t('live.order.none')}</p> : null}
      <ul className="bp-live-bets">
        {list.map((bet) => {
          const leg = bet.legs[0];
          return (
            <li key={bet.orderId}>
              <button onClick={() => void share(bet.orderId)}>
                <span>
                  <b>{leg ? `${leg.homeName} ${t('live.vs')} ${leg.visitName}` : bet.orderId}</b>
                  <small>
                    {leg ? `${leg.marketName} · ${leg.selectionName}` : ''} · {formatDateTime(bet.createdAt).slice(5)}
                  </small>
                </span>
                <span className="bp-live-bets-side">
                  <b>{t('live.order.odds', { odds: bet.odds.toFixed(2) })}</b>
                  <small>{money(bet.stake)}</small>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </Popup>
  );
}
