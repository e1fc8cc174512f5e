import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MINES_COUNT, MINES_TILES, type MinesRound } from '@bp/contract';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { originalsApi, useOpenMines } from './api.ts';
import { AmountField, PlayButton, usePlay } from './parts.tsx';

const TILES = Array.from({ length: MINES_TILES }, (_, i) => i);
const COUNTS = [1, 3, 5, 10, 24].filter((n) => n >= MINES_COUNT.min && n <= MINES_COUNT.max);

/** Mines: start with a stake and a number of mines, turn tiles, cash out before a mine; an open round is picked up again. */
export function MinesGame() {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const [amount, setAmount] = useState('1');
  const [mines, setMines] = useState(3);
  const [round, setRound] = useState<MinesRound | null>(null);
  const open = useOpenMines().data?.round;
  useEffect(() => {
    if (open) setRound((r) => r ?? open);
  }, [open]);
  const start = usePlay(originalsApi.minesStart, setRound);
  const reveal = usePlay(originalsApi.minesReveal, setRound);
  const cashout = usePlay(originalsApi.minesCashout, setRound);
  const playing = round?.status === 'open';
  const busy = start.busy || reveal.busy || cashout.busy;
  const tileClass = (i: number) => {
    if (!round) return '';
    const mine = round.minePositions?.includes(i);
    if (round.revealed.includes(i)) return mine ? 'mine hit' : 'gem';
    return mine ? 'mine' : '';
  };
  const stake = round?.amount ?? Number(amount);
  return (
    <>
      <section className="bp-hero-card bp-og-stage">
        <div className="bp-og-mines" data-testid="og-mines">
          {TILES.map((i) => (
            <button
              key={i}
              type="button"
              className={tileClass(i)}
              disabled={!playing || busy || round.revealed.includes(i)}
              onClick={() => round && void reveal.run({ roundId: round.roundId, tile: i })}
              aria-label={String(i + 1)}
            >
              {tileClass(i).startsWith('mine') ? '●' : tileClass(i) === 'gem' ? '◆' : ''}
            </button>
          ))}
        </div>
        <span className="bp-muted" data-testid="og-outcome">
          {!round
            ? t('originals.blurbs.mines')
            : round.status === 'busted'
              ? t('originals.mines.busted')
              : round.status === 'cashed'
                ? t('originals.mines.cashed', { amount: money(round.payout) })
                : round.nextMultiplier
                  ? t('originals.mines.next', { m: round.nextMultiplier.toFixed(2) })
                  : ''}
        </span>
      </section>
      <section className="bp-card bp-og-bet">
        {playing ? null : <AmountField value={amount} onChange={setAmount} />}
        <div className="bp-og-field">
          <span>{t('originals.mines.count')}</span>
          <div className="bp-og-chips" role="group">
            {COUNTS.map((n) => (
              <button key={n} type="button" disabled={playing} className={n === (playing ? round.mines : mines) ? 'on' : ''} onClick={() => setMines(n)}>
                {n}
              </button>
            ))}
          </div>
        </div>
        {playing ? (
          <PlayButton
            busy={cashout.busy}
            disabled={round.revealed.length === 0 || busy}
            onClick={() => void cashout.run({ roundId: round.roundId })}
            testId="og-cashout"
          >
            {t('originals.mines.cashout', { amount: money(Math.floor(stake * round.multiplier * 100) / 100) })}
          </PlayButton>
        ) : (
          <PlayButton busy={start.busy} onClick={() => void start.run({ amount: Number(amount), mines })}>
            {t('originals.mines.start')}
          </PlayButton>
        )}
      </section>
    </>
  );
}
