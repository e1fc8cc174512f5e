import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { VenuePurse } from '../../shared/venue/VenuePurse.tsx';
import { NIUNIU_KEY, useNiuniuInfo } from './api.ts';
import './locale.ts';
import './chess.css';

/** /app/chess: 开元棋牌's games, with the member's balance there. */
export function ChessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useNiuniuInfo().data;
  const closed = info !== undefined && info.status !== 0;
  return (
    <div className="bp-page bp-chess">
      <PageHeader title={info?.venueName ?? t('chess.title')} fallback="/app/casino" />
      <div className="bp-page-body">
        {info ? <VenuePurse apiName="KY" venueName={info.venueName} balance={info.balance} infoKey={NIUNIU_KEY} /> : null}
        <h2 className="bp-section-title">{t('chess.pick')}</h2>
        <button className="bp-chess-game bp-card" data-game="niuniu" disabled={closed} onClick={() => navigate('/app/chess/niuniu')}>
          <img src="/assets/games/ky-qznn.svg" alt="" />
          <span className="bp-chess-game-text">
            <strong>{t('chess.niuniu')}</strong>
            <span className="bp-muted">{t('chess.niuniuBlurb')}</span>
            {info ? <span className="bp-chess-rtp">{t('chess.rtp', { rtp: (info.rtp * 100).toFixed(1) })}</span> : null}
          </span>
          <span className="bp-chess-go">{closed ? t('chess.closed') : t('chess.play')}</span>
        </button>
      </div>
    </div>
  );
}
