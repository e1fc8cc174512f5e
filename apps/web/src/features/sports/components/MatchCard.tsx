import { memo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { RightOutline } from 'antd-mobile-icons';
import type { MatchSummary } from '@bp/contract';
import { columnLabel, columnMarket, columnsOf, hasDraw, listLabel, rowSelection, type ListRow } from '../model/markets.ts';
import { isWorldCupMatch, venueLabel } from '../model/venue.ts';
import { OddsButton } from './OddsButton.tsx';
import { MatchWhen } from './MatchWhen.tsx';
import { TeamCrest } from './TeamCrest.tsx';

/** A match on a board: league, time, teams and score, and its main prices in Asian columns. Re-renders only when its match changes. */
export const MatchCard = memo(function MatchCard({ match }: { match: MatchSummary }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns = columnsOf(match.sport);
  const rows: ListRow[] = hasDraw(match.mainMarkets) ? ['home', 'visit', 'draw'] : ['home', 'visit'];
  const open = () => navigate(`/app/sports/match/${match.matchId}`);
  const live = match.status === 'live';
  return (
    <article className={`bp-sp-card${live ? ' is-live' : ''}`} data-match={match.matchId}>
      <header className="bp-sp-card-head" onClick={open}>
        {isWorldCupMatch(match) ? <span className="bp-sp-wc">{t('sports.worldCup')}</span> : null}
        <TeamCrest className="bp-sp-league-logo" src={match.leagueLogo} name={match.leagueName} />
        <span className="bp-sp-league">{match.leagueName}</span>
        <span className="bp-sp-venue">{venueLabel(match.venueCode)}</span>
      </header>
      <div className="bp-sp-grid" style={{ gridTemplateColumns: `minmax(0, 1fr) repeat(${columns.length}, 62px)` }}>
        <MatchWhen match={match} className="bp-sp-grid-when" />
        {columns.map((c) => (
          <span key={c.key} className="bp-sp-col-head">
            {t(`sports.cols.${columnLabel(match.sport, c)}`)}
          </span>
        ))}
        {rows.map((row) => (
          <Row key={row} match={match} row={row} columns={columns} onOpen={open} t={t} />
        ))}
      </div>
      <footer className="bp-sp-card-foot" onClick={open}>
        <span>{t('sports.markets', { count: match.marketCount })}</span>
        <RightOutline />
      </footer>
    </article>
  );
});

function Row({ match, row, columns, onOpen, t }: { match: MatchSummary; row: ListRow; columns: ReturnType<typeof columnsOf>; onOpen(): void; t: TFunction }) {
  const side =
    row === 'home'
      ? { name: match.homeName, logo: match.homeLogo, score: match.homeScore }
      : row === 'visit'
        ? { name: match.visitName, logo: match.visitLogo, score: match.visitScore }
        : null;
  return (
    <>
      <div className="bp-sp-team" onClick={onOpen}>
        {side ? (
          <>
            <TeamCrest className="bp-sp-crest" src={side.logo} name={side.name} />
            <span className="bp-sp-team-name">{side.name}</span>
            {match.isStart ? <b className="bp-sp-score">{side.score}</b> : null}
          </>
        ) : (
          <span className="bp-sp-team-name bp-muted">{t('sports.draw')}</span>
        )}
      </div>
      {columns.map((c) => {
        const market = columnMarket(match.mainMarkets, c);
        const selection = rowSelection(market, row);
        return (
          <div key={c.key} className="bp-sp-cell">
            {market && selection ? (
              <OddsButton match={match} market={market} selection={selection} label={listLabel(market, selection)} t={t} />
            ) : row !== 'draw' ? (
              <span className="bp-odds-none">—</span>
            ) : null}
          </div>
        );
      })}
    </>
  );
}
