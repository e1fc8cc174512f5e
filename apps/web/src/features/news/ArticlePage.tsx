import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { shanghaiDateTime } from '@bp/contract';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useArticle } from './api.ts';
import { MatchLine, Table } from './parts.tsx';
import './news.css';

/** One article: its match, its paragraphs, the league's table; a preview leads to the match and its odds. */
export function ArticlePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { newsId = '' } = useParams();
  const { data, isError } = useArticle(newsId);
  return (
    <div className="bp-page bp-news">
      <PageHeader title={t('newsPages.article')} fallback="/app/news" />
      <div className="bp-page-body">
        {!data && !isError ? <Skeleton.Paragraph lineCount={10} animated /> : null}
        {isError ? <p className="bp-muted bp-news-empty">{t('news.empty')}</p> : null}
        {data ? (
          <>
            <article className="bp-card bp-news-article" data-testid="news-article">
              <span className={`bp-news-kind is-${data.kind}`}>{t(`news.kind.${data.kind}`)}</span>
              <h2>{data.title}</h2>
              <span className="bp-muted">{shanghaiDateTime(data.publishedAt)}</span>
              <MatchLine m={data.match} />
              {data.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
              <div className="bp-news-actions">
                {data.kind === 'preview' ? (
                  <Button color="primary" shape="rounded" onClick={() => navigate(`/app/sports/match/${data.match.matchId}`)}>
                    {t('news.toMatch')}
                  </Button>
                ) : null}
                <Button shape="rounded" onClick={() => navigate(`/app/news/assist/${data.match.matchId}`)}>
                  {t('news.assist')}
                </Button>
              </div>
            </article>
            {data.table ? <Table name={data.table.leagueName} rows={data.table.rows} /> : null}
          </>
        ) : null}
      </div>
    </div>
  );
}
