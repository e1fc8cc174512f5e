import { useTranslation } from 'react-i18next';
import { SPORTS, type Sport, type SportsVenue } from '@bp/contract';
import type { League } from '../api.ts';
import { BOARD_TABS, type BoardTab } from '../model/board.ts';
import { isVenueOpen, venueLabel } from '../model/venue.ts';
import { SportIcon } from './SportIcon.tsx';
import { TeamCrest } from './TeamCrest.tsx';

/** The venues (YB, IM) side by side; a closed one shows its maintenance mark. */
export function VenueSwitch({ venues, current, onPick }: { venues: SportsVenue[]; current: string | null; onPick(code: string): void }) {
  const { t } = useTranslation();
  return (
    <div className="bp-sp-venues" role="tablist">
      {venues.map((v) => (
        <button
          key={v.venueCode}
          role="tab"
          aria-selected={v.venueCode === current}
          className={`bp-sp-venue-tab${v.venueCode === current ? ' is-active' : ''}${isVenueOpen(v) ? '' : ' is-closed'}`}
          onClick={() => onPick(v.venueCode)}
        >
          {t('sports.venue', { name: venueLabel(v.venueCode) })}
        </button>
      ))}
    </div>
  );
}

/** All sports, football, basketball, esports. */
export function SportStrip({ sport, onPick }: { sport: Sport | undefined; onPick(sport: Sport | undefined): void }) {
  const { t } = useTranslation();
  return (
    <nav className="bp-sp-sports">
      {(['all', ...SPORTS] as const).map((s) => {
        const active = (s === 'all' && !sport) || s === sport;
        return (
          <button key={s} className={`bp-sp-sport${active ? ' is-active' : ''}`} onClick={() => onPick(s === 'all' ? undefined : s)}>
            <SportIcon sport={s} className="bp-sp-sport-icon" />
            <span>{t(`sports.sportKinds.${s}`)}</span>
          </button>
        );
      })}
    </nav>
  );
}

/** Popular, in play (with how many are playing now), not started. */
export function BoardTabs({ tab, liveCount, onPick }: { tab: BoardTab; liveCount: number; onPick(tab: BoardTab): void }) {
  const { t } = useTranslation();
  return (
    <div className="bp-sp-boards" role="tablist">
      {BOARD_TABS.map((b) => (
        <button key={b} role="tab" aria-selected={b === tab} className={`bp-sp-board${b === tab ? ' is-active' : ''}`} onClick={() => onPick(b)}>
          {t(`sports.boards.${b}`)}
          {b === 'live' && liveCount > 0 ? <em>{liveCount}</em> : null}
        </button>
      ))}
    </div>
  );
}

/** The leagues with matches on the board, the World Cup marked. */
export function LeagueChips({ leagues, leagueId, onPick }: { leagues: League[]; leagueId: number | undefined; onPick(leagueId: number | undefined): void }) {
  const { t } = useTranslation();
  if (leagues.length === 0) return null;
  return (
    <div className="bp-sp-leagues">
      <button className={`bp-sp-chip${!leagueId ? ' is-active' : ''}`} onClick={() => onPick(undefined)}>
        {t('sports.allLeagues')}
      </button>
      {leagues.map((l) => (
        <button key={l.leagueId} className={`bp-sp-chip${l.leagueId === leagueId ? ' is-active' : ''}`} onClick={() => onPick(l.leagueId)}>
          <TeamCrest src={l.logo} name={l.name} />
          {l.name}
        </button>
      ))}
    </div>
  );
}
