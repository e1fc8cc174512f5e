import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog, ErrorBlock, SearchBar, Tabs } from 'antd-mobile';
import type { Egame } from '@bp/contract';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useLoggedIn } from '../../shared/session/use-session.ts';
import { showLoginReminder } from '../../shared/session/login-required.tsx';
import { EGAME_TABS, casinoApi, useBrands, useGames, type EgameTab } from './api.ts';
import { useDebounced } from '../../shared/ui/use-debounced.ts';
import './locale.ts';
import './egame.css';

/** /app/egame/{code}: a venue's electronic games, searched, by tab, collected and launched. */
export function EgamePage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const member = useLoggedIn();
  const queries = useQueryClient();
  const [tab, setTab] = useState<EgameTab>('all');
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim());
  const brand = useBrands().data?.find((b) => b.code === code);
  const games = useGames(code, brand?.api_name, tab, keyword, member);
  const here = `/app/egame/${code}`;
  // The collection is a member's: a visitor sees the other tabs only.
  const tabs = EGAME_TABS.filter((k) => member || k !== 'collected');

  const toggle = async (game: Egame) => {
    if (!member) return showLoginReminder();
    await casinoApi.collect(game.gameId, !game.collected);
    await queries.invalidateQueries({ queryKey: ['egame', 'list'] });
  };
  const open = async (game: Egame) => {
    if (member) return window.location.assign((await casinoApi.launch(game.api_name, game.gameId, here)).url);
    const demo = await Dialog.confirm({ content: t('egame.demoAsk'), confirmText: t('egame.demo'), cancelText: t('egame.logIn') });
    if (!demo) return showLoginReminder();
    window.location.assign((await casinoApi.demo(game.api_name, game.gameId, here)).url);
  };

  return (
    <div className="bp-egame">
      <PageHeader title={brand?.name ?? t('egame.title')} />
      {brand ? <div className="bp-egame-brand">{t('egame.brand', { name: brand.name, count: brand.gameCount })}</div> : null}
      <SearchBar placeholder={t('egame.search')} value={typed} onChange={setTyped} />
      <Tabs activeKey={tab} onChange={(k) => setTab(k as EgameTab)}>
        {tabs.map((k) => (
          <Tabs.Tab key={k} title={t(`egame.tabs.${k}`)} />
        ))}
      </Tabs>
      {games.isError ? <ErrorBlock status="default" title={(games.error as Error).message} description="" /> : null}
      {games.data?.list.length === 0 ? (
        <ErrorBlock status="empty" title={tab === 'collected' && !keyword ? t('egame.noneCollected') : t('egame.none')} description="" />
      ) : null}
      <div className="bp-egame-grid">
        {games.data?.list.map((g) => (
          <div key={g.gameId} className="bp-egame-tile" data-game={g.gameId}>
            <button className="bp-egame-open" onClick={() => void open(g)}>
              <img src={g.image} alt={g.gameName} />
              <span>{g.gameName}</span>
              {g.hot ? <em className="bp-egame-flag">{t('egame.hot')}</em> : g.new ? <em className="bp-egame-flag new">{t('egame.new')}</em> : null}
            </button>
            <button
              className={`bp-egame-fav${g.collected ? ' on' : ''}`}
              aria-label={g.collected ? t('egame.uncollect') : t('egame.collect')}
              onClick={() => void toggle(g)}
            >
              {g.collected ? '★' : '☆'}
            </button>
          </div>
        ))}
      </div>
    </div>
  );
}
