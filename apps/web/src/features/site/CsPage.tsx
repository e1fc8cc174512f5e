import { Button, ErrorBlock, List, SpinLoading, Toast } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CsChannel } from '@bp/contract';
import { copyText } from '../../shared/ui/copy.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useCsConfig } from './api.ts';
import './cs.css';

const GLYPHS: Record<CsChannel['kind'], string> = { online: '在线', qq: 'QQ', telegram: 'TG', wechat: '微信', email: '邮', phone: '电' };

/** Customer service (seed 2): reachable whatever the site's maintenance and access rules say. */
export function CsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isLoading, isError, refetch } = useCsConfig();

  const reach = async (channel: CsChannel) => {
    if (channel.url.startsWith('/')) return navigate(channel.url);
    if (channel.url) return void window.open(channel.url, '_blank', 'noopener');
    if (await copyText(channel.account)) Toast.show({ content: t('cs.copied', { name: channel.name }) });
  };

  return (
    <div className="bp-page bp-cs">
      <PageHeader title={t('cs.title')} />
      <section className="bp-cs-hero">
        <div className="bp-cs-badge">24H</div>
        <h2>{t('cs.heading')}</h2>
        <p className="bp-muted">{data?.hours ? t('cs.hours', { hours: data.hours }) : t('cs.subheading')}</p>
      </section>
      <div className="bp-page-body">
        {isLoading && <SpinLoading className="bp-center" />}
        {isError && (
          <div role="button" onClick={() => void refetch()}>
            <ErrorBlock status="disconnected" title={t('common.loadFailed')} description="" />
          </div>
        )}
        {data?.notice ? <div className="bp-card bp-cs-notice">{data.notice}</div> : null}
        {data && data.channels.length > 0 && (
          <List className="bp-cs-list">
            {data.channels.map((channel) => (
              <List.Item
                key={channel.id}
                prefix={
                  channel.icon ? (
                    <img className="bp-cs-icon" src={channel.icon} alt="" />
                  ) : (
                    <span className="bp-cs-icon bp-cs-glyph">{GLYPHS[channel.kind]}</span>
                  )
                }
                description={channel.account}
                extra={
                  <Button size="mini" color="primary" shape="rounded" onClick={() => void reach(channel)}>
                    {channel.url ? t('cs.open') : t('common.copy')}
                  </Button>
                }
              >
                {channel.name}
              </List.Item>
            ))}
          </List>
        )}
      </div>
    </div>
  );
}
