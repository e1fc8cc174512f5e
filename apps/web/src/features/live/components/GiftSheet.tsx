import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Popup, Selector } from 'antd-mobile';
import { newIdempotencyKey } from '../../../shared/api/request.ts';
import { liveApi, liveKeys, useGifts, useGold } from '../api.ts';
import { showRefusal } from './refusal.ts';

const COUNTS = [1, 10, 66, 188] as const;

/**
 * The gift bar (seed 3, 7): the gifts with icons and prices, a count, the gold balance with its
 * top-up, and send. One Idempotency-Key per intent: a retried tap gives once; the same gift again
 * within a few seconds counts its combo up.
 */
export function GiftSheet({ chatRoomNo, visible, onClose, onTopUp }: { chatRoomNo: string; visible: boolean; onClose(): void; onTopUp(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const gifts = useGifts();
  const gold = useGold(visible);
  const [giftId, setGiftId] = useState<number | null>(null);
  const [count, setCount] = useState<number>(1);
  const [key, setKey] = useState(newIdempotencyKey);
  const [combo, setCombo] = useState<{ giftId: number; combo: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = gifts.data?.list.find((g) => g.giftId === giftId) ?? gifts.data?.list[0];
  const pick = (change: () => void) => {
    change();
    setKey(newIdempotencyKey());
  };
  const send = async () => {
    if (!chosen || busy) return;
    setBusy(true);
    try {
      const sent = await liveApi.sendGift(chatRoomNo, chosen.giftId, count, key);
      queryClient.setQueryData(liveKeys.gold, (old: { gold: number; rate: number } | undefined) => (old ? { ...old, gold: sent.gold } : old));
      setCombo({ giftId: chosen.giftId, combo: sent.combo });
      setKey(newIdempotencyKey());
    } catch (err) {
      showRefusal(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="bp-live-sheet bp-live-gifts">
      <h3 className="bp-live-sheet-title">{t('live.gift.title')}</h3>
      <ul className="bp-live-gift-grid">
        {(gifts.data?.list ?? []).map((g) => (
          <li key={g.giftId}>
            <button
              className={chosen?.giftId === g.giftId ? 'is-chosen' : ''}
              onClick={() => pick(() => setGiftId(g.giftId))}
              aria-pressed={chosen?.giftId === g.giftId}
            >
              <img src={g.giftIconWeb || g.giftIcon} alt="" />
              <span>{g.giftName}</span>
              <small>{t('live.gift.price', { price: g.giftPrice })}</small>
              {combo && combo.giftId === g.giftId && combo.combo > 1 ? <em className="bp-live-combo">{t('live.combo', { combo: combo.combo })}</em> : null}
            </button>
          </li>
        ))}
      </ul>
      <div className="bp-live-gift-count">
        <span>{t('live.gift.count')}</span>
        <Selector
          columns={4}
          value={[count]}
          options={COUNTS.map((n) => ({ value: n, label: `×${n}` }))}
          onChange={(v) => v.length > 0 && pick(() => setCount(v[0]))}
        />
      </div>
      <div className="bp-live-gift-foot">
        <span className="bp-live-gold">
          <b>{t('live.gold.coins', { gold: gold.data?.gold ?? '—' })}</b>
          <button onClick={onTopUp}>{t('live.gold.topUp')}</button>
        </span>
        <Button color="primary" size="small" loading={busy} disabled={!chosen} onClick={() => void send()}>
          {t('live.gift.send')}
        </Button>
      </div>
    </Popup>
  );
}
