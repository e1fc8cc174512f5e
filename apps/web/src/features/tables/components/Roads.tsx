import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { beadPlate, bigRoad, roadHandOf, ROAD_ROWS, type RoadCell, type TableResult, type TableGame } from '@bp/contract';

const GLYPH = { baccarat: { banker: '庄', player: '闲', tie: '和' }, 'dragon-tiger': { banker: '龙', player: '虎', tie: '和' } } as const;

/** A grid of six rows that keeps its latest column in view. */
function Grid({ cells, label, children }: { cells: RoadCell[]; label: string; children: (cell: RoadCell) => React.ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const cols = Math.max(17, (cells.reduce((m, c) => Math.max(m, c.col), 0) ?? 0) + 2);
  useEffect(() => {
    box.current?.scrollTo({ left: box.current.scrollWidth });
  }, [cells.length]);
  return (
    <div className="bp-road" ref={box} aria-label={label} role="img">
      <div className="bp-road-grid" style={{ gridTemplateColumns: `repeat(${cols}, 20px)`, gridTemplateRows: `repeat(${ROAD_ROWS}, 20px)` }}>
        {cells.map((c, i) => (
          <div key={i} className={`bp-road-cell ${c.winner}`} style={{ gridColumn: c.col + 1, gridRow: c.row + 1 }} data-winner={c.winner}>
            {children(c)}
          </div>
        ))}
      </div>
    </div>
  );
}

/** 珠盘路 and 大路 of a card table's shoe. */
export function CardRoads({ game, history }: { game: Exclude<TableGame, 'roulette'>; history: TableResult[] }) {
  const { t } = useTranslation();
  const hands = history.map((h) => roadHandOf(h.outcome)!).filter(Boolean);
  const glyph = GLYPH[game];
  return (
    <div className="bp-roads">
      <div className="bp-road-title">
        {t('tables.beadPlate')} <span>{t('tables.handsInShoe', { count: hands.length })}</span>
      </div>
      <Grid cells={beadPlate(hands)} label={t('tables.beadPlate')}>
        {(c) => (
          <span className="bp-bead">
            {glyph[c.winner]}
            {c.playerPair ? <i className="pp" /> : null}
            {c.bankerPair ? <i className="bp" /> : null}
          </span>
        )}
      </Grid>
      <div className="bp-road-title">{t('tables.bigRoad')}</div>
      <Grid cells={bigRoad(hands)} label={t('tables.bigRoad')}>
        {(c) => <span className="bp-ring">{c.ties > 0 ? <em>{c.ties > 1 ? c.ties : ''}</em> : null}</span>}
      </Grid>
    </div>
  );
}
