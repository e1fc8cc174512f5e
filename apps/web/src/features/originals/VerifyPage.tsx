import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Input, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ORIGINAL_GAMES, PLINKO_RISKS, shanghaiDateTime, type OriginalGame } from '@bp/contract';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useLoggedIn } from '../../shared/session/use-session.ts';
import { useRevealedSeeds } from './api.ts';
import { verifyRound, type Verified } from './verify.ts';
import './originals.css';

type Form = Record<string, string>;
const DEFAULTS: Form = {
  game: 'dice',
  serverSeed: '',
  clientSeed: '',
  nonce: '0',
  target: '50.5',
  condition: 'over',
  targetMultiplier: '2',
  rows: '12',
  risk: 'medium',
  picks: '',
  mines: '3',
};

/** The parameters of a game, as the form holds them. */
function paramsOf(f: Form): Record<string, unknown> {
  if (f.game === 'dice') return { target: Number(f.target), condition: f.condition };
  if (f.game === 'limbo') return { targetMultiplier: Number(f.targetMultiplier) };
  if (f.game === 'plinko') return { rows: Number(f.rows), risk: f.risk };
  if (f.game === 'keno')
    return {
      picks: f.picks
        .split(/[,，\s]+/)
        .filter(Boolean)
        .map(Number),
    };
  return { mines: Number(f.mines) };
}

/** The revealed seeds the member may pick from (a visitor pastes them). */
function SeedPicker({ pick }: { pick: (serverSeed: string, clientSeed: string) => void }) {
  const { t } = useTranslation();
  const { data } = useRevealedSeeds();
  if (!data) return null;
  return (
    <section className="bp-card bp-og-pick">
      <h3>{t('originals.verifyPage.pick')}</h3>
      {data.list.length === 0 ? <p className="bp-muted">{t('originals.verifyPage.none')}</p> : null}
      {data.list.map((s) => (
        <button key={s.serverSeed} type="button" className="bp-og-pick-row" onClick={() => pick(s.serverSeed, s.clientSeed)} data-testid="og-pick-seed">
          <code>{s.serverSeed.slice(0, 16)}…</code>
          <span className="bp-muted">
            {shanghaiDateTime(s.revealedAt)} · {t('originals.verifyPage.rounds', { n: s.rounds })}
          </span>
        </button>
      ))}
    </section>
  );
}

/** /app/originals/verify: recompute any round in the browser (Web Crypto) from its revealed seeds. */
export function VerifyPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const member = useLoggedIn();
  const [form, setForm] = useState<Form>(() => ({ ...DEFAULTS, ...Object.fromEntries(query.entries()) }));
  const [answer, setAnswer] = useState<Verified | string | null>(null);
  const set = (key: string) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const compute = async (f = form) => {
    if (!f.serverSeed || !f.clientSeed) return;
    setAnswer(
      await verifyRound({
        game: f.game as OriginalGame,
        serverSeed: f.serverSeed.trim(),
        clientSeed: f.clientSeed,
        nonce: Number(f.nonce),
        params: paramsOf(f),
      }),
    );
  };
  // A round's link fills the form: its result shows at once.
  useEffect(() => {
    if (query.get('serverSeed')) void compute();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const field = (key: string, label: string, numeric = false) => (
    <div className="bp-og-field">
      <label htmlFor={`og-v-${key}`}>{label}</label>
      <Input id={`og-v-${key}`} value={form[key]} onChange={set(key)} type={numeric ? 'number' : 'text'} data-testid={`og-v-${key}`} />
    </div>
  );
  const choice = (key: string, options: readonly string[], label: (o: string) => string) => (
    <div className="bp-og-switch" role="group">
      {options.map((o) => (
        <button key={o} type="button" className={form[key] === o ? 'on' : ''} onClick={() => set(key)(o)} data-testid={`og-v-${key}-${o}`}>
          {label(o)}
        </button>
      ))}
    </div>
  );
  return (
    <div className="bp-page bp-og">
      <PageHeader title={t('originals.verifyPage.title')} fallback="/app/originals" />
      <div className="bp-page-body bp-og-body">
        <p className="bp-og-intro">{t('originals.verifyPage.intro')}</p>
        {member ? <SeedPicker pick={(serverSeed, clientSeed) => setForm((f) => ({ ...f, serverSeed, clientSeed }))} /> : null}
        <section className="bp-card bp-og-bet">
          <div className="bp-og-field">
            <span>{t('originals.verifyPage.game')}</span>
            {choice('game', ORIGINAL_GAMES, (g) => t(`originals.games.${g}`))}
          </div>
          <div className="bp-og-field">
            <label htmlFor="og-v-serverSeed">{t('originals.verifyPage.serverSeed')}</label>
            <TextArea id="og-v-serverSeed" value={form.serverSeed} onChange={set('serverSeed')} autoSize data-testid="og-v-serverSeed" />
          </div>
          {field('clientSeed', t('originals.seeds.client'))}
          {field('nonce', t('originals.seeds.nonce'), true)}
          {form.game === 'dice' ? (
            <>
              {field('target', t('originals.dice.target'), true)}
              {choice('condition', ['over', 'under'], (c) => t(`originals.dice.${c}`))}
            </>
          ) : null}
          {form.game === 'limbo' ? field('targetMultiplier', t('originals.limbo.target'), true) : null}
          {form.game === 'plinko' ? (
            <>
              {field('rows', t('originals.plinko.rows'), true)}
              {choice('risk', PLINKO_RISKS, (r) => t(`originals.plinko.risks.${r}`))}
            </>
          ) : null}
          {form.game === 'keno' ? field('picks', t('originals.verifyPage.picks')) : null}
          {form.game === 'mines' ? field('mines', t('originals.mines.count'), true) : null}
          <Button block color="primary" shape="rounded" onClick={() => void compute()} data-testid="og-v-compute">
            {t('originals.verifyPage.compute')}
          </Button>
        </section>
        {typeof answer === 'string' ? <p className="bp-og-error">{answer}</p> : null}
        {answer && typeof answer !== 'string' ? <Outcome v={answer} /> : null}
      </div>
    </div>
  );
}

function Outcome({ v }: { v: Verified }) {
  const { t } = useTranslation();
  const d = v.detail;
  const list = (x: unknown) => (Array.isArray(x) ? x.join(', ') : '');
  return (
    <section className="bp-hero-card bp-og-verified" data-testid="og-verified">
      <dl>
        <dt>{t('originals.verifyPage.hash')}</dt>
        <dd>
          <code data-testid="og-v-hash">{v.serverSeedHash}</code>
        </dd>
        {v.result !== null ? (
          <>
            <dt>{t('originals.result')}</dt>
            <dd>
              <b className="bp-og-big" data-testid="og-v-result">
                {v.result}
              </b>
            </dd>
          </>
        ) : null}
        {v.win !== null ? (
          <>
            <dt>{t('originals.multiplier')}</dt>
            <dd data-testid="og-v-outcome">
              {v.multiplier}× · {v.win ? t('originals.won', { amount: `${v.multiplier}×` }) : t('originals.lost')}
            </dd>
          </>
        ) : null}
        {d.minePositions ? (
          <>
            <dt>{t('originals.verifyPage.mines')}</dt>
            <dd>{list((d.minePositions as number[]).map((n) => n + 1))}</dd>
          </>
        ) : null}
        {d.path ? (
          <>
            <dt>{t('originals.verifyPage.path')}</dt>
            <dd>{(d.path as number[]).map((s) => (s ? '右' : '左')).join('')}</dd>
          </>
        ) : null}
        {d.drawn ? (
          <>
            <dt>{t('originals.verifyPage.drawn')}</dt>
            <dd>{list(d.drawn)}</dd>
            <dt>{t('originals.verifyPage.hits')}</dt>
            <dd>{list(d.hits)}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
