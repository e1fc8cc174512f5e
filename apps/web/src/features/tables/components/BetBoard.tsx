import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSplit, RED_NUMBERS, type TableGame } from '@bp/contract';

export interface SpotStakes {
  /** Confirmed stakes of this round, by spot. */
  placed: Record<string, number>;
  /** Chips laid but not yet confirmed. */
  pending: Record<string, number>;
  /** Spots that won this round (shown once the result is in). */
  won: Set<string>;
}

interface BoardProps extends SpotStakes {
  game: TableGame;
  open: boolean;
  money: (amount: number) => string;
  onSpot(spot: string): void;
}

function Spot({ spot, label, odds, className = '', ...p }: Omit<BoardProps, 'game'> & { spot: string; label: string; odds?: string; className?: string }) {
  const placed = p.placed[spot] ?? 0;
  const pending = p.pending[spot] ?? 0;
  return (
    <button
      type="button"
      className={`bp-spot ${className}${p.won.has(spot) ? ' won' : ''}${pending ? ' pending' : ''}`}
      disabled={!p.open}
      onClick={() => p.onSpot(spot)}
      data-spot={spot}
    >
      <span className="bp-spot-name">{label}</span>
      {odds ? <span className="bp-spot-odds">{odds}</span> : null}
      {placed || pending ? (
        <span className="bp-spot-stake">
          {placed ? p.money(placed) : ''}
          {pending ? <em>+{p.money(pending)}</em> : null}
        </span>
      ) : null}
    </button>
  );
}

function CardBoard(p: BoardProps) {
  const { t } = useTranslation();
  if (p.game === 'baccarat')
    return (
      <div className="bp-board bac">
        <Spot {...p} spot="player_pair" label={t('tables.spot.player_pair')} odds="1:11" className="player" />
        <Spot {...p} spot="tie" label={t('tables.spot.tie')} odds="1:8" className="tie" />
        <Spot {...p} spot="banker_pair" label={t('tables.spot.banker_pair')} odds="1:11" className="banker" />
        <Spot {...p} spot="player" label={t('tables.spot.player')} odds="1:1" className="player big" />
        <Spot {...p} spot="banker" label={t('tables.spot.banker')} odds="1:0.95" className="banker big" />
      </div>
    );
  return (
    <div className="bp-board dt">
      <Spot {...p} spot="dragon" label={t('tables.spot.dragon')} odds="1:1" className="banker big" />
      <Spot {...p} spot="tie" label={t('tables.spot.tie')} odds="1:8" className="tie big" />
      <Spot {...p} spot="tiger" label={t('tables.spot.tiger')} odds="1:1" className="player big" />
    </div>
  );
}

/** The roulette layout: 0 on top, 1-36 in twelve rows of three, dozens, columns and the even chances. */
function RouletteBoard(p: BoardProps) {
  const { t } = useTranslation();
  const [splitting, setSplitting] = useState(false);
  const [first, setFirst] = useState<number | null>(null);
  const tapNumber = (n: number) => {
    if (!splitting) return p.onSpot(`straight:${n}`);
    if (first === null || first === n || !isSplit(first, n)) return setFirst(n);
    p.onSpot(`split:${Math.min(first, n)}-${Math.max(first, n)}`);
    setFirst(null);
  };
  const numberSpot = (n: number) => (
    <button
      key={n}
      type="button"
      className={`bp-num ${n === 0 ? 'green' : RED_NUMBERS.includes(n) ? 'red' : 'black'}${p.won.has(`straight:${n}`) ? ' won' : ''}${first === n ? ' picked' : ''}`}
      disabled={!p.open}
      onClick={() => tapNumber(n)}
      data-spot={`straight:${n}`}
    >
      {n}
      {p.placed[`straight:${n}`] || p.pending[`straight:${n}`] ? <i className="bp-num-chip" /> : null}
    </button>
  );
  const splits = Object.keys({ ...p.placed, ...p.pending }).filter((s) => s.startsWith('split:'));
  return (
    <div className="bp-board rou">
      <div className="bp-rou-mode">
        <button type="button" className={splitting ? '' : 'on'} onClick={() => (setSplitting(false), setFirst(null))}>
          {t('tables.straight')} 1:35
        </button>
        <button type="button" className={splitting ? 'on' : ''} onClick={() => setSplitting(true)}>
          {t('tables.split')} 1:17
        </button>
        {splitting ? <span>{first === null ? t('tables.splitHint') : t('tables.splitNext', { n: first })}</span> : null}
      </div>
      <div className="bp-rou-zero">{numberSpot(0)}</div>
      <div className="bp-rou-grid">{Array.from({ length: 36 }, (_, i) => numberSpot(i + 1))}</div>
      {splits.length ? (
        <div className="bp-rou-splits">
          {splits.map((s) => (
            <Spot key={s} {...p} spot={s} label={`${t('tables.split')} ${s.slice(6)}`} />
          ))}
        </div>
      ) : null}
      <div className="bp-rou-row three">
        {[1, 2, 3].map((c) => (
          <Spot key={c} {...p} spot={`column:${c}`} label={t('tables.column', { n: c })} odds="1:2" />
        ))}
      </div>
      <div className="bp-rou-row three">
        {[1, 2, 3].map((d) => (
          <Spot key={d} {...p} spot={`dozen:${d}`} label={`${d * 12 - 11}-${d * 12}`} odds="1:2" />
        ))}
      </div>
      <div className="bp-rou-row six">
        {(['low', 'even', 'red', 'black', 'odd', 'high'] as const).map((s) => (
          <Spot key={s} {...p} spot={s} label={t(`tables.spot.${s}`)} className={s === 'red' || s === 'black' ? s : ''} />
        ))}
      </div>
    </div>
  );
}

export function BetBoard(p: BoardProps) {
  return p.game === 'roulette' ? <RouletteBoard {...p} /> : <CardBoard {...p} />;
}
