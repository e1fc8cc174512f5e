import { Collapse, ErrorBlock, List } from 'antd-mobile';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useHelp, useHelpArticle } from './api.ts';
import './member.css';

/** The help centre: its categories, the first open, each listing its articles (visitors may read it too). */
export function HelpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: categories } = useHelp();
  return (
    <div className="bp-page">
      <PageHeader title={t('member.menu.help')} fallback="/app/member" />
      <div className="bp-page-body">
        {categories?.length === 0 ? <ErrorBlock status="empty" title={t('member.help.empty')} description="" className="bp-empty" /> : null}
        {categories?.length ? (
          <Collapse className="bp-help" defaultActiveKey={[String(categories[0].id)]}>
            {categories.map((c) => (
              <Collapse.Panel key={String(c.id)} title={c.name}>
                <List>
                  {c.articles.map((a) => (
                    <List.Item key={a.id} onClick={() => navigate(`/app/member/help/${a.id}`)} arrowIcon>
                      {a.title}
                    </List.Item>
                  ))}
                </List>
              </Collapse.Panel>
            ))}
          </Collapse>
        ) : null}
      </div>
    </div>
  );
}

/** One help article in full. */
export function HelpArticlePage() {
  const { t } = useTranslation();
  const article = useHelpArticle(Number(useParams().id));
  const a = article.data;
  return (
    <div className="bp-page">
      <PageHeader title={a?.categoryName ?? t('member.menu.help')} fallback="/app/member/help" />
      <div className="bp-page-body">
        {article.isError ? <ErrorBlock status="empty" title={(article.error as Error).message} description="" className="bp-empty" /> : null}
        {a ? (
          <article className="bp-card bp-message-full">
            <h2>{a.title}</h2>
            <p>{a.content}</p>
          </article>
        ) : null}
      </div>
    </div>
  );
}
