import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Dialog, Input, Toast } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { checkAmount, shanghaiDateTime, type OriginalGame, type OriginalsRound } from '@bp/contract';
import { MoneyIntent } from '../../shared/api/money-intent.ts';
import { useAction } from '../../shared/api/use-action.ts';
import { BALANCE_KEY, useBalance } from '../../shared/wallet/balance.ts';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { originalsApi, originalsKeys, useRounds, useSeed } from './api.ts';

const percent = (x: number) => `${(x * 100).toFixed(2)}%`;
/** A game's RTP, or its range over the game's settings. */
export const rtpText = (rtp: number, rtpMax: number) => (Math.abs(rtpMax - rtp) < 0.00005 ? percent(rtp) : `${percent(rtp)}–${percent(rtpMax)}`);
export const pct = percent;

// Glyphs every system CJK font has (no emoji font is assumed, no web font is loaded).
const ICONS: Record<OriginalGame, string> = { dice: '骰', limbo: '倍', mines: '雷', plinko: '珠', keno: '诺' };
export const GameIcon = ({ game }: { game: OriginalGame }) => (
  <span className={`bp-og-icon bp-og-icon-${game}`} aria-hidden="true">
    {ICONS[game]}
  </span>
);

/** One round's play: one Idempotency-Key per intent (the same on a retry), balance, seed and rounds read again. */
export function usePlay<B, R>(send: (body: B, key: string) => Promise<R>, done: (answer: R) => void) {
  const intent = useRef(new MoneyIntent()).current;
  return useAction((body: B) => send(body, intent.keyFor(body)), {
    refused: (err) => Toast.show({ content: err.message }),
    done: (answer) => {
      intent.done();
      done(answer);
    },
    invalidates: [BALANCE_KEY, originalsKeys.seed, originalsKeys.rounds],
  });
}

/** The stake field with halve and double, and the main balance it plays from. */
export function AmountField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const balance = useBalance().data;
  const n = Number(value);
  const broken = value === '' ? null : checkAmount(n);
  const scale = (f: number) => onChange(String(Math.max(1, Math.floor(n * f * 100) / 100)));
  return (
    <div className="bp-og-field">
      <div className="bp-og-field-head">
        <label htmlFor="og-amount">{t('originals.amount')}</label>
        <span className="bp-muted" data-testid="og-balance">
          {t('originals.balance', { amount: balance ? money(balance.main) : '—' })}
        </span>
      </div>
      <div className="bp-og-amount">
        <Input id="og-amount" type="number" inputMode="decimal" value={value} onChange={onChange} data-testid="og-amount" />
        <button type="button" onClick={() => scale(0.5)}>
          ½
        </button>
        <button type="button" onClick={() => scale(2)}>
          2×
        </button>
      </div>
      {broken ? <p className="bp-og-error">{broken}</p> : null}
    </div>
  );
}

/** The next round's seeds, the client seed editable, and rotation revealing the server seed. */
export function SeedPanel() {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const { data } = useSeed();
  const [typed, setTyped] = useState<string | null>(null);
  const clientSeed = typed ?? data?.clientSeed ?? '';
  const rotate = useAction((seed: string | undefined) => originalsApi.rotate(seed), {
    refused: (err) => Toast.show({ content: err.message }),
    done: (answer) => {
      setTyped(null);
      void Dialog.alert({
        title: t('originals.seeds.revealed'),
        confirmText: t('originals.seeds.close'),
        content: (
          <div className="bp-og-revealed">
            <code data-testid="og-revealed">{answer.revealedServerSeed}</code>
            <a
              href="/app/originals/verify"
              onClick={(e) => {
                // The dialog renders outside the router: navigate from the panel.
                e.preventDefault();
                Dialog.clear();
                navigate('/app/originals/verify');
              }}
            >
              {t('originals.verify')} ›
            </a>
          </div>
        ),
      });
      for (const key of Object.values(originalsKeys)) void queries.invalidateQueries({ queryKey: key });
    },
  });
  const ask = async () => {
    const ok = await Dialog.confirm({
      content: t('originals.seeds.rotateHint'),
      confirmText: t('originals.seeds.confirm'),
      cancelText: t('originals.seeds.cancel'),
    });
    if (ok) await rotate.run(clientSeed && clientSeed !== data?.clientSeed ? clientSeed : undefined);
  };
  return (
    <section className="bp-card bp-og-seeds">
      <h3>{t('originals.seeds.title')}</h3>
      <dl>
        <dt>{t('originals.seeds.serverHash')}</dt>
        <dd>
          <code data-testid="og-hash">{data?.serverSeedHash ?? '—'}</code>
        </dd>
        <dt>
          <label htmlFor="og-client-seed">{t('originals.seeds.client')}</label>
        </dt>
        <dd>
          <Input id="og-client-seed" value={clientSeed} onChange={setTyped} maxLength={64} data-testid="og-client-seed" />
        </dd>
        <dt>{t('originals.seeds.nonce')}</dt>
        <dd data-testid="og-nonce">{data?.nonce ?? '—'}</dd>
      </dl>
      <Button block fill="outline" shape="rounded" loading={rotate.busy} onClick={() => void ask()} data-testid="og-rotate">
        {t('originals.seeds.rotate')}
      </Button>
    </section>
  );
}

/** The verification page's address for a round, its parameters filled in. */
export function verifyLink(r: OriginalsRound): string {
  const q = new URLSearchParams({ game: r.game, serverSeed: r.serverSeed ?? '', clientSeed: r.clientSeed, nonce: String(r.nonce) });
  for (const key of ['target', 'condition', 'targetMultiplier', 'rows', 'risk', 'mines']) if (r.detail[key] !== undefined) q.set(key, String(r.detail[key]));
  if (Array.isArray(r.detail.picks)) q.set('picks', r.detail.picks.join(','));
  return `/app/originals/verify?${q.toString()}`;
}

/** The member's rounds of this game, latest first, each verifiable once its seed is revealed. */
export function History({ game }: { game: OriginalGame }) {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const { data } = useRounds(game);
  return (
    <section className="bp-card bp-og-history">
      <h3>{t('originals.history.title')}</h3>
      {data && data.list.length === 0 ? <p className="bp-muted">{t('originals.history.none')}</p> : null}
      {data?.list.map((r) => (
        <div key={r.roundId} className="bp-og-round" data-testid="og-round">
          <div>
            <span className="bp-muted">
              {shanghaiDateTime(r.createdAt)} · nonce {r.nonce}
            </span>
            <span>
              {money(r.amount)} → <b className={r.payout > r.amount ? 'bp-og-win' : r.payout === 0 ? 'bp-og-lose' : ''}>{money(r.payout)}</b>
              {r.result !== null ? <em> · {r.result}</em> : null}
            </span>
          </div>
          {r.serverSeed ? (
            <Link to={verifyLink(r)} data-testid="og-round-verify">
              {t('originals.history.verify')}
            </Link>
          ) : (
            <span className="bp-muted bp-og-small">{t('originals.history.hidden')}</span>
          )}
        </div>
      ))}
    </section>
  );
}

/** The round's main button (bet, start, cash out). */
export function PlayButton({
  busy,
  disabled = false,
  onClick,
  testId = 'og-play',
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  onClick: () => void;
  testId?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Button block color="primary" shape="rounded" size="large" loading={busy} disabled={disabled} onClick={onClick} data-testid={testId}>
      {children ?? t('originals.play')}
    </Button>
  );
}
