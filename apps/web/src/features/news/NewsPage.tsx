import { useState } from 'react';
import { CapsuleTabs, Skeleton, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DAY_MS, shanghaiDateTime, shanghaiDay } from '@bp/contract';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useAssist, useNews, useSoccer } from './api.ts';
import { MatchLine, Table } from './parts.tsx';
import './news.css';

/** The content beside the news: the experts' tips on our book, the site's sponsors (the promotions' pages). */
const LINKS = [
  ['experts', '/app/promotions/experts'],
  ['sponsors', '/app/promotions/sponsors'],
] as const;

/** 资讯: reports and previews, newest first, each opening its article. */
function Articles() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useNews();
  if (!data) return <Skeleton.Paragraph lineCount={8} animated />;
  return (
    <>
      <nav className="bp-news-links">
        {LINKS.map(([key, path]) => (
          <button key={key} type="button" className="bp-card" data-testid={`news-link-${key}`} onClick={() => navigate(path)}>
            {t(`news.links.${key}`)}
          </button>
        ))}
      </nav>
      {data.list.length === 0 ? <p className="bp-muted bp-news-empty">{t('news.empty')}</p> : null}
      {data.list.map((n) => (
        <article key={n.newsId} className="bp-card bp-news-item" data-testid="news-item" onClick={() => navigate(`/app/news/${n.newsId}`)}>
          <div className="bp-news-item-head">
            <span className={`bp-news-kind is-${n.kind}`}>{t(`news.kind.${n.kind}`)}</span>
            <span className="bp-muted">{shanghaiDateTime(n.publishedAt).slice(5, 16)}</span>
          </div>
          <strong>{n.title}</strong>
          <p>{n.summary}</p>
        </article>
      ))}
    </>
  );
}

const DAYS = ['yesterday', 'today', 'tomorrow'] as const;

/** 赛程赛果: a day's fixtures and results (yesterday, today, tomorrow), each match opening its assistant. */
function Soccer() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [which, setWhich] = useState<(typeof DAYS)[number]>('today');
  const day = shanghaiDay(Date.now() + (DAYS.indexOf(which) - 1) * DAY_MS);
  const { data } = useSoccer(day);
  const open = (matchId: number) => navigate(`/app/news/assist/${matchId}`);
  return (
    <>
      <CapsuleTabs activeKey={which} onChange={(k) => setWhich(k as (typeof DAYS)[number])} className="bp-news-days">
        {DAYS.map((d) => (
          <CapsuleTabs.Tab key={d} title={t(`news.days.${d}`)} />
        ))}
      </CapsuleTabs>
      {!data ? <Skeleton.Paragraph lineCount={6} animated /> : null}
      {data && data.fixtures.length + data.results.length === 0 ? <p className="bp-muted bp-news-empty">{t('news.noMatches')}</p> : null}
      {data && data.fixtures.length > 0 ? (
        <section className="bp-card bp-news-block">
          <h3>{t('news.fixtures')}</h3>
          {data.fixtures.map((m) => (
            <MatchLine key={m.matchId} m={m} onClick={() => open(m.matchId)} />
          ))}
        </section>
      ) : null}
      {data && data.results.length > 0 ? (
        <section className="bp-card bp-news-block">
          <h3>{t('news.results')}</h3>
          {data.results.map((m) => (
            <MatchLine key={m.matchId} m={m} onClick={() => navigate(`/app/news/result-${m.matchId}`)} />
          ))}
        </section>
      ) : null}
    </>
  );
}

/** 积分榜: every league's table from its results. */
function Tables() {
  const { t } = useTranslation();
  const { data } = useAssist();
  if (!data) return <Skeleton.Paragraph lineCount={8} animated />;
  if (data.tables.length === 0) return <p className="bp-muted bp-news-empty">{t('news.noTables')}</p>;
  return (
    <>
      {data.tables.map((table) => (
        <Table key={table.leagueId} name={table.leagueName} rows={table.rows} />
      ))}
    </>
  );
}

const PANES = { news: Articles, soccer: Soccer, tables: Tables } as const;

/** Sports news (体育资讯): articles, fixtures and results, league tables; the sports page's header leads here. */
export function NewsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<keyof typeof PANES>('news');
  const Pane = PANES[tab];
  return (
    <div className="bp-page bp-news">
      <PageHeader title={t('newsPages.list')} fallback="/app/sports" />
      <Tabs activeKey={tab} onChange={(k) => setTab(k as keyof typeof PANES)} className="bp-news-tabs">
        {Object.keys(PANES).map((k) => (
          <Tabs.Tab key={k} title={t(`news.tabs.${k}`)} />
        ))}
      </Tabs>
      <div className="bp-page-body">
        <Pane />
      </div>
    </div>
  );
}
