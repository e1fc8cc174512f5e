import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup, Tabs } from 'antd-mobile';
import { RANK_PERIODS, type RankPeriod } from '@bp/contract';
import { useRank } from '../api.ts';

/** The room's top givers of the Shanghai day or week (seed 7: anchor rank), most first. */
export function RankSheet({ anchorRoomId, visible, onClose }: { anchorRoomId: number; visible: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<RankPeriod>('day');
  const rank = useRank(anchorRoomId, period);
  const list = rank.data?.list ?? [];
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="bp-live-sheet bp-live-rank">
      <h3 className="bp-live-sheet-title">{t('live.rankSheet.title')}</h3>
      <Tabs activeKey={period} onChange={(k) => setPeriod(k as RankPeriod)}>
        {RANK_PERIODS.map((p) => (
          <Tabs.Tab key={p} title={t(`live.rankSheet.${p}`)} />
        ))}
      </Tabs>
      {rank.isSuccess && list.length === 0 ? <p className="bp-live-sheet-empty">{t('live.rankSheet.empty')}</p> : null}
      <ol className="bp-live-rank-list">
        {list.map((r) => (
          <li key={r.rank} className={r.rank <= 3 ? `is-top is-top${r.rank}` : ''}>
            <i>{r.rank}</i>
            <span>{r.nickname}</span>
            <b>{t('live.rankSheet.gold', { gold: r.gold })}</b>
          </li>
        ))}
      </ol>
    </Popup>
  );
}
