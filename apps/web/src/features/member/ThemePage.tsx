import { List, Radio } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { THEME_SERIES, type ThemeSeries } from '@bp/contract';
import { THEMES } from '../../shared/theme/themes.ts';
import { themePreview, useSeries } from '../../shared/theme/theme-state.tsx';
import { useStore } from '../../shared/store.ts';
import { usePerInfo } from '../../shared/site/site-info.ts';
import { local } from '../../shared/storage/local.ts';
import { LANGUAGE_KEY, applyLanguageFlag } from '../../shared/i18n/index.ts';
import i18n from 'i18next';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import './member.css';

/** Preview another theme series (seed 2: a setting can preview others); "site" follows the site's own. */
export function ThemePage() {
  const { t } = useTranslation();
  const preview = useStore(themePreview);
  const { siteSeries } = useSeries();
  const choose = (value: string) => themePreview.set(value === 'site' ? null : (value as ThemeSeries));
  return (
    <div className="bp-page">
      <PageHeader title={t('member.menu.theme')} fallback="/app/member" />
      <div className="bp-page-body">
        <Radio.Group value={preview ?? 'site'} onChange={(v) => choose(String(v))}>
          <List className="bp-theme-list">
            <List.Item
              prefix={<Swatch series={siteSeries} />}
              extra={<Radio value="site" />}
              description={THEMES[siteSeries].name}
              onClick={() => choose('site')}
            >
              {t('member.themeSite')}
            </List.Item>
            {THEME_SERIES.map((series) => (
              <List.Item
                key={series}
                prefix={<Swatch series={series} />}
                extra={<Radio value={series} />}
                description={t(`member.themeLooks.${series}`)}
                onClick={() => choose(series)}
              >
                {THEMES[series].name}
              </List.Item>
            ))}
          </List>
        </Radio.Group>
        <LanguageChoice />
      </div>
    </div>
  );
}

/** The language, offered only when the site's flag switches English on (seed 1). */
function LanguageChoice() {
  const { t } = useTranslation();
  const { data } = usePerInfo();
  if (!data?.englishEnabled) return null;
  const choose = (lng: string) => {
    local.set(LANGUAGE_KEY, lng);
    applyLanguageFlag(true, lng);
  };
  return (
    <Radio.Group value={i18n.language} onChange={(v) => choose(String(v))}>
      <div className="bp-section-title">{t('member.language')}</div>
      <List className="bp-theme-list">
        <List.Item extra={<Radio value="zh-CN" />} onClick={() => choose('zh-CN')}>
          简体中文
        </List.Item>
        <List.Item extra={<Radio value="en" />} onClick={() => choose('en')}>
          English
        </List.Item>
      </List>
    </Radio.Group>
  );
}

/** Three dots of a theme: its page, its surface and its main colour. */
function Swatch({ series }: { series: ThemeSeries }) {
  const v = THEMES[series].vars;
  return (
    <span className="bp-swatch" style={{ background: v['--bp-bg'], borderColor: v['--bp-border'] }}>
      <i style={{ background: v['--bp-surface'] }} />
      <i style={{ background: v['--bp-gradient'] }} />
    </span>
  );
}
