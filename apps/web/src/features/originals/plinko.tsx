import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PLINKO_RISKS, PLINKO_ROWS, plinkoRtp, plinkoTable, type ApiData, type PlinkoRisk } from '@bp/contract';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { originalsApi } from './api.ts';
import { AmountField, PlayButton, pct, usePlay } from './parts.tsx';

type Played = ApiData<'/api/originals/plinko/play'>;
const ROWS = Array.from({ length: PLINKO_ROWS.max - PLINKO_ROWS.min + 1 }, (_, i) => PLINKO_ROWS.min + i);
const W = 340;

/** The board: pegs row by row, the ball's path when one fell, the buckets with their multipliers. */
function Board({ rows, risk, played }: { rows: number; risk: PlinkoRisk; played: Played | null }) {
  const dx = W / (rows + 2);
  const dy = 18;
  const table = plinkoTable(rows, risk);
  const pegs = Array.from({ length: rows }, (_, r) => Array.from({ length: r + 3 }, (_, k) => ({ x: W / 2 + (k - (r + 2) / 2) * dx, y: 14 + r * dy })));
  const path = played && played.path.length === rows ? played.path : null;
  const points = path
    ? [
        { x: W / 2, y: 2 },
        ...path.map((_, i) => ({ x: W / 2 + ((2 * path.slice(0, i + 1).reduce((a, b) => a + b, 0) - (i + 1)) / 2) * dx, y: 14 + i * dy + dy / 2 })),
      ]
    : [];
  const height = 14 + rows * dy + 26;
  return (
    <svg className="bp-og-plinko" viewBox={`0 0 ${W} ${height}`} role="img" aria-label="plinko" data-testid="og-plinko">
      {pegs.flat().map((p, i) => (
        <circle key={i} cx={p.x} cy={p.y} r={2.4} className="bp-og-peg" />
      ))}
      {points.length ? <polyline points={points.map((p) => `${p.x},${p.y}`).join(' ')} className="bp-og-path" /> : null}
      {table.map((m, b) => (
        <g key={b} className={played && played.bucket === b && path ? 'bp-og-bucket on' : 'bp-og-bucket'}>
          <rect x={W / 2 + (b - rows / 2) * dx - dx / 2 + 1} y={height - 24} width={dx - 2} height={20} rx={4} />
          <text x={W / 2 + (b - rows / 2) * dx} y={height - 10} textAnchor="middle">
            {m}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** Plinko: a ball falls through the rows, left or right at each (one float per row), into a bucket's multiplier. */
export function PlinkoGame() {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const [amount, setAmount] = useState('1');
  const [rows, setRows] = useState(12);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const [played, setPlayed] = useState<Played | null>(null);
  const play = usePlay(originalsApi.plinko, setPlayed);
  return (
    <>
      <section className="bp-hero-card bp-og-stage">
        <Board rows={rows} risk={risk} played={played} />
        <span className="bp-muted" data-testid="og-outcome">
          {played ? `${played.result}× · ${t('originals.payout')} ${money(played.payout)}` : t('originals.plinko.table', { rtp: pct(plinkoRtp(rows, risk)) })}
        </span>
      </section>
      <section className="bp-card bp-og-bet">
        <AmountField value={amount} onChange={setAmount} />
        <div className="bp-og-field">
          <span>{t('originals.plinko.risk')}</span>
          <div className="bp-og-switch" role="group">
            {PLINKO_RISKS.map((r) => (
              <button key={r} type="button" className={r === risk ? 'on' : ''} onClick={() => setRisk(r)}>
                {t(`originals.plinko.risks.${r}`)}
              </button>
            ))}
          </div>
        </div>
        <div className="bp-og-field">
          <span>{t('originals.plinko.rows')}</span>
          <div className="bp-og-chips" role="group">
            {ROWS.map((n) => (
              <button key={n} type="button" className={n === rows ? 'on' : ''} onClick={() => setRows(n)}>
                {n}
              </button>
            ))}
          </div>
        </div>
        <PlayButton busy={play.busy} onClick={() => void play.run({ amount: Number(amount), rows, risk })} />
      </section>
    </>
  );
}
