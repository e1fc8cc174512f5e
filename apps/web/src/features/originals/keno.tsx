import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KENO_PICKS, KENO_SQUARES, kenoRtp, kenoTable, type ApiData } from '@bp/contract';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { originalsApi } from './api.ts';
import { AmountField, PlayButton, pct, usePlay } from './parts.tsx';

type Played = ApiData<'/api/originals/keno/play'>;
const SQUARES = Array.from({ length: KENO_SQUARES }, (_, i) => i + 1);

/** Keno: pick 1 to 10 of 40 numbers; 10 are drawn by the shuffle; the pay table pays by hits. */
export function KenoGame() {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const [amount, setAmount] = useState('1');
  const [picks, setPicks] = useState<number[]>([3, 11, 18, 26, 34]);
  const [played, setPlayed] = useState<Played | null>(null);
  const play = usePlay(originalsApi.keno, setPlayed);
  const toggle = (n: number) => {
    setPlayed(null);
    setPicks((p) => (p.includes(n) ? p.filter((x) => x !== n) : p.length < KENO_PICKS.max ? [...p, n] : p));
  };
  const random = () => {
    const left = [...SQUARES];
    const chosen: number[] = [];
    const count = Math.max(picks.length, 5);
    for (let i = 0; i < count; i++) chosen.push(left.splice(Math.floor(Math.random() * left.length), 1)[0]);
    setPlayed(null);
    setPicks(chosen);
  };
  const table = picks.length ? kenoTable(picks.length) : [];
  return (
    <>
      <section className="bp-hero-card bp-og-stage">
        <div className="bp-og-keno" data-testid="og-keno">
          {SQUARES.map((n) => {
            const drawn = played?.drawn.includes(n);
            const picked = picks.includes(n);
            return (
              <button
                key={n}
                type="button"
                className={`${picked ? 'picked' : ''} ${drawn ? 'drawn' : ''} ${drawn && picked ? 'hit' : ''}`}
                onClick={() => toggle(n)}
              >
                {n}
              </button>
            );
          })}
        </div>
        <span className="bp-muted" data-testid="og-outcome">
          {played ? `${t('originals.keno.hits', { n: played.hits.length })} · ${played.multiplier}× · ${money(played.payout)}` : t('originals.keno.pick')}
        </span>
      </section>
      <section className="bp-card bp-og-bet">
        <AmountField value={amount} onChange={setAmount} />
        <div className="bp-og-field-head">
          <span>{t('originals.keno.picked', { n: picks.length })}</span>
          <span className="bp-og-switch">
            <button type="button" onClick={random}>
              {t('originals.keno.random')}
            </button>
            <button type="button" onClick={() => setPicks([])}>
              {t('originals.keno.clear')}
            </button>
          </span>
        </div>
        {picks.length ? (
          <div className="bp-og-paytable">
            <span className="bp-muted">{t('originals.keno.table', { rtp: pct(kenoRtp(picks.length)) })}</span>
            <div>
              {table.map((m, hits) => (
                <span key={hits} className={played && played.hits.length === hits ? 'on' : ''}>
                  <i>{hits}</i>
                  {m}×
                </span>
              ))}
            </div>
          </div>
        ) : null}
        <PlayButton busy={play.busy} disabled={picks.length === 0} onClick={() => void play.run({ amount: Number(amount), picks })} />
      </section>
    </>
  );
}
