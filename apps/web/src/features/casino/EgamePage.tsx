import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog, ErrorBlock, SearchBar, Tabs } from 'antd-mobile';
import type { Egame } from '@bp/contract';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useLoggedIn } from '../../shared/session/use-session.ts';
import { showLoginReminder } from '../../shared/session/login-required.tsx';
import { casinoApi, useBrands, useGames, type EgameTab } from './api.ts';
import { useDebounced } from '../../shared/ui/use-debounced.ts';
import './egame.css';

/** /app/egame/{code}: a venue's electronic games, searched, by tab, collected and launched. */
export function EgamePage() {
  const { code = '' } = useParams();
  const member = useLoggedIn();
  const queries = useQueryClient();
  const [tab, setTab] = useState<EgameTab>('all');
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim());
  const brand = useBrands().data?.find((b) => b.code === code);
  const games = useGames(code, tab, keyword, member);
  const here = `/app/egame/${code}`;

  const toggle = async (game: Egame) => {
    if (!member) return showLoginReminder();
    await casinoApi.collect(game.gameId, !game.collected);
    await queries.invalidateQueries({ queryKey: ['egame', 'list'] });
  };
  const open = async (game: Egame) => {
    if (member) return window.location.assign((await casinoApi.launch(game.api_name, game.gameId, here)).url);
    const demo = await Dialog.confirm({ content: '登录后即可进入游戏，也可以先试玩', confirmText: '免费试玩', cancelText: '去登录' });
    if (!demo) return showLoginReminder();
    window.location.assign((await casinoApi.demo(game.api_name, game.gameId, here)).url);
  };

  return (
    <div className="bp-egame">
      <PageHeader title={brand?.name ?? '电子游戏'} />
      {brand ? <div className="bp-egame-brand">{brand.name} · {brand.gameCount} 款游戏</div> : null}
      <SearchBar placeholder="搜索游戏" value={typed} onChange={setTyped} />
      <Tabs activeKey={tab} onChange={(k) => setTab(k as EgameTab)}>
        <Tabs.Tab key="all" title="全部" />
        <Tabs.Tab key="hot" title="热门" />
        <Tabs.Tab key="new" title="最新" />
      </Tabs>
      {games.isError ? <ErrorBlock status="default" title={(games.error as Error).message} description="" /> : null}
      {games.data?.list.length === 0 ? <ErrorBlock status="empty" title="没有找到游戏" description="" /> : null}
      <div className="bp-egame-grid">
        {games.data?.list.map((g) => (
          <div key={g.gameId} className="bp-egame-tile" data-game={g.gameId}>
            <button className="bp-egame-open" onClick={() => void open(g)}>
              <img src={g.image} alt={g.gameName} />
              <span>{g.gameName}</span>
              {g.hot ? <em className="bp-egame-flag">热</em> : g.new ? <em className="bp-egame-flag new">新</em> : null}
            </button>
            <button className={`bp-egame-fav${g.collected ? ' on' : ''}`} aria-label={g.collected ? '取消收藏' : '收藏'} onClick={() => void toggle(g)}>
              {g.collected ? '★' : '☆'}
            </button>
          </div>
        ))}
      </div>
    </div>
  );
}
