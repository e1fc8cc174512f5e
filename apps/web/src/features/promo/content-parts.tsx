import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { shanghaiDateTime, type ExpertListData } from '@bp/contract';
import type { z } from 'zod';

type Expert = z.infer<typeof ExpertListData>['list'][number];
type Pick = Expert['open'][number];

/** A partner's or an expert's badge: letters on their colour (no image). */
export function Badge({ text, color }: { text: string; color: string }) {
  return (
    <span className="bp-promo-badge" style={{ background: color }} aria-hidden>
      {text}
    </span>
  );
}

/** An expert's record: the hit rate from the book's settled results, won and lost, the recent form. */
export function ExpertRecord({ record }: { record: Expert['record'] }) {
  const { t } = useTranslation();
  return (
    <div className="bp-promo-expert-record" data-testid="expert-record">
      <span>
        <em>{t('promo.experts.hitRate')}</em>
        <b className="bp-gold-text">{record.hitRate === null ? t('promo.experts.noRate') : `${record.hitRate}%`}</b>
      </span>
      <span className="bp-muted">{t('promo.experts.record', record)}</span>
      {record.recent.length > 0 ? (
        <span className="bp-promo-expert-recent">
          {record.recent.map((r, i) => (
            <i key={i} className={`is-${r}`}>
              {r === 'W' ? t('promo.experts.status.won') : t('promo.experts.status.lost')}
            </i>
          ))}
        </span>
      ) : null}
    </div>
  );
}

/** A pick: the match, the selection at its price, the reasoning; an open one leads to the match to bet on it. */
export function PickCard({ p }: { p: Pick }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = () => navigate(`/app/sports/match/${p.match.matchId}`);
  const played = p.match.status === 'finished';
  return (
    <div className="bp-promo-pick" data-testid="expert-pick" onClick={open} role="button">
      <div className="bp-promo-guess-head">
        <span className="bp-muted">{p.match.leagueName}</span>
        <span className="bp-muted">{shanghaiDateTime(p.match.startAt).slice(5, 16)}</span>
      </div>
      <strong>{`${p.match.homeName} ${played ? `${p.match.homeScore}-${p.match.visitScore}` : 'vs'} ${p.match.visitName}`}</strong>
      <div className="bp-promo-pick-sel">
        <span>{`${p.marketName} · ${p.selectionName}`}</span>
        <b>{t('promo.experts.odds', { odds: p.odds.toFixed(2) })}</b>
        {p.status === 'open' ? (
          <Button size="mini" color="primary" shape="rounded">
            {t('promo.experts.bet')}
          </Button>
        ) : (
          <span className={`bp-promo-pick-status is-${p.status}`}>{t(`promo.experts.status.${p.status}`)}</span>
        )}
      </div>
      <p className="bp-muted">{p.analysis}</p>
    </div>
  );
}
