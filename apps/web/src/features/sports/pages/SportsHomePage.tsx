import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SearchBar, Toast } from 'antd-mobile';
import { FileOutline, SearchOutline, TextOutline } from 'antd-mobile-icons';
import { local } from '../../../shared/storage/local.ts';
import { PullRefresh } from '../../../shared/ui/PullRefresh.tsx';
import { sportsKeys, useBoard, useLeagues, useVenues } from '../api.ts';
import { SEARCH_DEBOUNCE_MS, boardOf, searchMatches } from '../model/board.ts';
import { chooseVenue } from '../model/venue.ts';
import { useBoardFrames } from '../hooks/use-board-frames.ts';
import { useDebounced } from '../hooks/use-ticker.ts';
import { useShownCount } from '../hooks/use-shown-count.ts';
import { BoardTabs, LeagueChips, SportStrip, VenueSwitch } from '../components/BoardFilters.tsx';
import { MatchCard } from '../components/MatchCard.tsx';
import { SlipBar } from '../components/slip/SlipBar.tsx';
import { BoardSkeleton, SportsEmpty } from '../components/SportsEmpty.tsx';
import '../locale.ts';
import '../sports.css';

const VENUE_KEY = 'bp.sports.venue';

/**
 * The sports home (/app/sports): a venue (open only at status 0, else the member goes home),
 * the popular, in-play and upcoming boards by sport and league, a search that waits 300 ms,
 * and the bet slip. Filters live in the address, so back returns to the same board; pulled down, the board is read again.
 */
export function SportsHomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { tab, filter } = boardOf(params);
  const { sport, leagueId } = filter;
  const set = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );

  const board = useBoard(tab, filter);
  const venues = useVenues();
  const venueList = board.data?.venues ?? venues.data?.list;
  const choice = venueList ? chooseVenue(venueList, params.get('venue'), local.get(VENUE_KEY)) : null;
  const venueCode = choice && 'venueCode' in choice ? choice.venueCode : null;
  const redirect = choice && 'redirect' in choice ? choice.redirect : null;
  useEffect(() => {
    if (!redirect) return;
    Toast.show({ content: t('sports.venueClosed') });
    navigate(redirect, { replace: true });
  }, [redirect, navigate, t]);
  useEffect(() => void (venueCode && local.set(VENUE_KEY, venueCode)), [venueCode]);

  const leagues = useLeagues(sport);
  const venueLeagues = (leagues.data?.list ?? []).filter((l) => l.venueCode === venueCode && (tab === 'live' ? l.liveCount : l.matchCount) > 0);
  const liveCount = (leagues.data?.list ?? []).filter((l) => l.venueCode === venueCode).reduce((n, l) => n + l.liveCount, 0);

  const [searching, setSearching] = useState(false);
  const [search, setSearch] = useState('');
  const term = useDebounced(search, SEARCH_DEBOUNCE_MS);
  const inVenue = (board.data?.list ?? []).filter((m) => m.venueCode === venueCode);
  const list = searchMatches(inVenue, term);
  useBoardFrames(sportsKeys.board(tab, filter), inVenue);
  const { shown, more } = useShownCount(list.length, `${tab}:${sport ?? ''}:${leagueId ?? ''}:${venueCode ?? ''}:${term}`);

  return (
    <div className="bp-page bp-sp">
      <header className="bp-sp-top">
        <VenueSwitch venues={venueList ?? []} current={venueCode} onPick={(code) => set({ venue: code, league: undefined })} />
        <div className="bp-sp-top-actions">
          <button aria-label={t('sports.search')} className={searching ? 'is-active' : undefined} onClick={() => setSearching((v) => !v)}>
            <SearchOutline />
          </button>
          <button onClick={() => navigate('/app/news')} data-testid="sports-news">
            <TextOutline />
            <span>{t('sports.news')}</span>
          </button>
          <button onClick={() => navigate('/app/sports/records')}>
            <FileOutline />
            <span>{t('sports.records')}</span>
          </button>
        </div>
      </header>
      {searching ? (
        <div className="bp-sp-search">
          <SearchBar placeholder={t('sports.search')} value={search} onChange={setSearch} onCancel={() => setSearch('')} autoFocus />
        </div>
      ) : null}
      <SportStrip sport={sport} onPick={(s) => set({ sport: s, league: undefined })} />
      <BoardTabs tab={tab} liveCount={liveCount} onPick={(b) => set({ tab: b === 'popular' ? undefined : b, league: undefined })} />
      <LeagueChips leagues={venueLeagues} leagueId={leagueId} onPick={(id) => set({ league: id ? String(id) : undefined })} />
      <PullRefresh refresh={() => Promise.all([board.refetch(), leagues.refetch()])}>
        <section className="bp-sp-list">
          {board.isPending || !venueCode ? (
            <BoardSkeleton />
          ) : list.length === 0 ? (
            <SportsEmpty text={term.trim() ? t('sports.noSearch', { term: term.trim() }) : t('sports.noMatches')} />
          ) : (
            list.slice(0, shown).map((m) => <MatchCard key={m.matchId} match={m} />)
          )}
          {shown < list.length ? <div ref={more} className="bp-sp-more" aria-hidden="true" /> : null}
        </section>
      </PullRefresh>
      <SlipBar />
    </div>
  );
}
