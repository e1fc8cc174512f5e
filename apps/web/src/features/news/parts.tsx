import { useTranslation } from 'react-i18next';
import { shanghaiDateTime, type NewsMatch, type StandingRow } from '@bp/contract';

/** One match on a line: time, teams and score (or vs before kickoff). */
export function MatchLine({ m, onClick }: { m: NewsMatch; onClick?: () => void }) {
  const played = m.status === 'finished' || m.status === 'live';
  return (
    <div className="bp-news-match" data-testid="news-match" onClick={onClick} role={onClick ? 'button' : undefined}>
      <span className="bp-muted">{shanghaiDateTime(m.startAt).slice(5, 16)}</span>
      <span className="bp-news-team is-home">{m.homeName}</span>
      <b>{played ? `${m.homeScore} - ${m.visitScore}` : 'vs'}</b>
      <span className="bp-news-team">{m.visitName}</span>
    </div>
  );
}

/** A league table: rank, team, played, W/D/L, goals, points. */
export function Table({ name, rows }: { name: string; rows: StandingRow[] }) {
  const { t } = useTranslation();
  return (
    <section className="bp-card bp-news-table" data-testid="news-table">
      <h3>{name}</h3>
      <table>
        <thead>
          <tr>
            <th>{t('news.table.rank')}</th>
            <th className="is-team">{t('news.table.team')}</th>
            <th>{t('news.table.played')}</th>
            <th>{t('news.table.record')}</th>
            <th>{t('news.table.goals')}</th>
            <th>{t('news.table.points')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.teamName}>
              <td>{r.rank}</td>
              <td className="is-team">{r.teamName}</td>
              <td>{r.played}</td>
              <td>{`${r.won}/${r.drawn}/${r.lost}`}</td>
              <td>{`${r.goalsFor}/${r.goalsAgainst}`}</td>
              <td>
                <b>{r.points}</b>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
