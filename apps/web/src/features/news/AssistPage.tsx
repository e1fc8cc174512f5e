import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useAssist } from './api.ts';
import { MatchLine, Table } from './parts.tsx';
import './news.css';

/** A side's last results as chips, latest first. */
function Form({ team, form }: { team: string; form: Array<'W' | 'D' | 'L'> }) {
  const { t } = useTranslation();
  return (
    <div className="bp-news-form" data-testid="news-form">
      <span>{team}</span>
      <ol>
        {form.map((f, i) => (
          <li key={i} className={`is-${f}`}>
            {t(`news.formWord.${f}`)}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** 赛事助手 (game assist): a match's form, head-to-head and the league table; the match page's header leads here. */
export function AssistPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const matchId = Number(useParams().matchId);
  const { data, isError } = useAssist(matchId);
  return (
    <div className="bp-page bp-news">
      <PageHeader title={t('news.assist')} fallback={`/app/sports/match/${matchId}`} />
      <div className="bp-page-body">
        {!data && !isError ? <Skeleton.Paragraph lineCount={10} animated /> : null}
        {isError ? <p className="bp-muted bp-news-empty">{t('news.empty')}</p> : null}
        {data?.match ? (
          <>
            <section className="bp-card bp-news-block" data-testid="news-assist">
              <h3>{data.match.leagueName}</h3>
              <MatchLine m={data.match} onClick={() => navigate(`/app/sports/match/${matchId}`)} />
              <h3>{t('news.form')}</h3>
              <Form team={data.match.homeName} form={data.homeForm} />
              <Form team={data.match.visitName} form={data.visitForm} />
              <h3>{t('news.h2h')}</h3>
              {data.headToHead.length === 0 ? <p className="bp-muted">{t('news.noH2h')}</p> : null}
              {data.headToHead.map((m) => (
                <MatchLine key={m.matchId} m={m} />
              ))}
            </section>
            {data.tables.map((table) => (
              <Table key={table.leagueId} name={table.leagueName} rows={table.rows} />
            ))}
          </>
        ) : null}
      </div>
    </div>
  );
}
