import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownOutline, LockFill } from 'antd-mobile-icons';
import type { MatchDetail } from '@bp/contract';
import { MARKET_GROUPS, marketSections, pricesPerRow, type MarketGroup, type MarketSection } from '../model/markets.ts';
import { OddsButton } from './OddsButton.tsx';

/** Every market of the match, grouped by what it is about, with a tab per group. */
export function MarketSections({ match }: { match: MatchDetail }) {
  const { t } = useTranslation();
  const [group, setGroup] = useState<MarketGroup | 'all'>('all');
  const sections = marketSections(match.markets);
  const groups = (Object.keys(MARKET_GROUPS) as MarketGroup[]).filter((g) => sections.some((s) => s.group === g));
  const shown = sections.filter((s) => group === 'all' || s.group === group);
  if (sections.length === 0) return <p className="bp-sp-nomarkets">{t('sports.match.noMarkets')}</p>;
  return (
    <>
      <div className="bp-sp-market-tabs">
        {(['all', ...groups] as const).map((g) => (
          <button key={g} className={g === group ? 'is-active' : ''} onClick={() => setGroup(g)}>
            {g === 'all' ? t('sports.match.all') : t(`sports.match.groups.${g}`)}
          </button>
        ))}
      </div>
      <div className="bp-sp-markets">
        {shown.map((s) => (
          <Section key={s.kind} match={match} section={s} />
        ))}
      </div>
    </>
  );
}

function Section({ match, section }: { match: MatchDetail; section: MarketSection }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const suspended = section.markets.every((m) => m.status === 'suspended');
  const perRow = pricesPerRow(section.kind);
  return (
    <section className={`bp-sp-market${open ? '' : ' is-folded'}`}>
      <header onClick={() => setOpen((v) => !v)}>
        <span>{section.name}</span>
        {suspended ? (
          <em className="bp-sp-market-lock">
            <LockFill /> {t('sports.match.suspended')}
          </em>
        ) : null}
        <DownOutline className="bp-sp-market-fold" />
      </header>
      {open
        ? section.markets.map((m) => (
            <div key={m.marketId} className="bp-sp-market-line" style={{ gridTemplateColumns: `repeat(${perRow}, minmax(0, 1fr))` }}>
              {section.kind === 'map_winner' ? <span className="bp-sp-line-name">{m.name}</span> : null}
              {m.selections.map((sel) => (
                <OddsButton key={sel.selectionId} match={match} market={m} selection={sel} label={sel.name} layout="row" t={t} />
              ))}
            </div>
          ))
        : null}
    </section>
  );
}
