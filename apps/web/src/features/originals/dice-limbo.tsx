import { useState } from 'react';
import { Input, Slider } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { diceMultiplier, diceWinChance, MULTIPLIER_SCALE, refuseParams, Errors, type ApiData } from '@bp/contract';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { originalsApi } from './api.ts';
import { AmountField, PlayButton, pct, usePlay } from './parts.tsx';

type Played = ApiData<'/api/originals/dice/play'>;

/** The last round's number, big, in the colour of its outcome. */
function Outcome({ played, format }: { played: Played | null; format: (n: number) => string }) {
  const { t } = useTranslation();
  const { money } = useCurrency();
  return (
    <section className="bp-hero-card bp-og-stage">
      <b className={`bp-og-big ${played ? (played.win ? 'bp-og-win' : 'bp-og-lose') : ''}`} data-testid="og-result">
        {played ? format(played.result) : '—'}
      </b>
      <span className="bp-muted" data-testid="og-outcome">
        {played ? (played.win ? t('originals.won', { amount: money(played.payout) }) : t('originals.lost')) : t('originals.intro')}
      </span>
    </section>
  );
}

/** Dice: roll 0.00-100.00 over or under the target; the multiplier follows the win chance. */
export function DiceGame() {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('1');
  const [target, setTarget] = useState(50.5);
  const [condition, setCondition] = useState<'over' | 'under'>('over');
  const [played, setPlayed] = useState<Played | null>(null);
  const play = usePlay(originalsApi.dice, setPlayed);
  const refusal = refuseParams('dice', { target, condition });
  const chance = diceWinChance(target, condition);
  return (
    <>
      <Outcome played={played} format={(n) => n.toFixed(2)} />
      <section className="bp-card bp-og-bet">
        <AmountField value={amount} onChange={setAmount} />
        <div className="bp-og-field">
          <div className="bp-og-field-head">
            <span>
              {t('originals.dice.target')} <b data-testid="og-target">{target.toFixed(2)}</b>
            </span>
            <div className="bp-og-switch" role="group">
              {(['over', 'under'] as const).map((c) => (
                <button key={c} type="button" className={c === condition ? 'on' : ''} onClick={() => setCondition(c)} data-testid={`og-${c}`}>
                  {t(`originals.dice.${c}`)}
                </button>
              ))}
            </div>
          </div>
          <Slider min={2} max={98} step={0.5} value={target} onChange={(v) => setTarget(v as number)} />
        </div>
        <div className="bp-og-facts">
          <span>
            {t('originals.winChance')} <b>{refusal ? '—' : pct(chance / 10_000)}</b>
          </span>
          <span>
            {t('originals.multiplier')} <b data-testid="og-multiplier">{refusal ? '—' : `${(diceMultiplier(chance) / MULTIPLIER_SCALE).toFixed(4)}×`}</b>
          </span>
        </div>
        {refusal ? <p className="bp-og-error">{Errors[refusal].msg}</p> : null}
        <PlayButton busy={play.busy} disabled={Boolean(refusal)} onClick={() => void play.run({ amount: Number(amount), target, condition })} />
      </section>
    </>
  );
}

/** Limbo: the crash point reaches the target multiplier or it does not; the chance is 99 % / target. */
export function LimboGame() {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('1');
  const [typed, setTyped] = useState('2');
  const [played, setPlayed] = useState<Played | null>(null);
  const play = usePlay(originalsApi.limbo, setPlayed);
  const targetMultiplier = Number(typed);
  const refusal = refuseParams('limbo', { targetMultiplier });
  return (
    <>
      <Outcome played={played} format={(n) => `${n.toFixed(2)}×`} />
      <section className="bp-card bp-og-bet">
        <AmountField value={amount} onChange={setAmount} />
        <div className="bp-og-field">
          <label htmlFor="og-limbo-target">{t('originals.limbo.target')}</label>
          <Input id="og-limbo-target" type="number" inputMode="decimal" value={typed} onChange={setTyped} data-testid="og-limbo-target" />
        </div>
        <div className="bp-og-facts">
          <span>
            {t('originals.winChance')} <b>{refusal ? '—' : pct(0.99 / targetMultiplier)}</b>
          </span>
          <span>
            {t('originals.multiplier')} <b>{refusal ? '—' : `${targetMultiplier.toFixed(2)}×`}</b>
          </span>
        </div>
        {refusal ? <p className="bp-og-error">{Errors[refusal].msg}</p> : null}
        <PlayButton busy={play.busy} disabled={Boolean(refusal)} onClick={() => void play.run({ amount: Number(amount), targetMultiplier })} />
      </section>
    </>
  );
}
