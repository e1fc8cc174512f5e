import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Popup, Toast } from 'antd-mobile';
import { FISH_KINDS, FISH_MAX_SHOTS, type FishKind } from '@bp/contract';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { VenuePurse } from '../../shared/venue/VenuePurse.tsx';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { ApiError, newIdempotencyKey } from '../../shared/api/request.ts';
import { FISH_KEY, fishApi, useFishInfo } from './api.ts';
import { FishSprite, LOOKS } from './FishSprite.tsx';
import './locale.ts';
import './fish.css';

interface Swimmer {
  id: number;
  kind: FishKind;
  /** Top of its lane, % of the sea's height. */
  lane: number;
  /** Seconds to cross the sea. */
  seconds: number;
  leftward: boolean;
  /** Seconds already swum when it appears (the first fish start spread over the sea). */
  head: number;
  state: 'swimming' | 'aimed' | 'caught';
}
interface Shot {
  id: number;
  fishId: number;
  kind: FishKind;
  x: number;
  y: number;
}
interface Win {
  id: number;
  x: number;
  y: number;
  amount: number;
}

/** Small fish come often, big ones rarely (weights in FISH_KINDS order). */
const SPAWN_WEIGHTS = [30, 24, 18, 12, 8, 5, 3];
const MAX_SWIMMERS = 12;
/** Taps gathered this long go as one batch (one round, one Idempotency-Key). */
const BATCH_MS = 350;

function spawnKind(): FishKind {
  let roll = Math.random() * SPAWN_WEIGHTS.reduce((a, b) => a + b, 0);
  for (let i = 0; i < FISH_KINDS.length; i++) if ((roll -= SPAWN_WEIGHTS[i]) < 0) return FISH_KINDS[i];
  return 'clown';
}

/**
 * /app/fish: 海王捕鱼. Fish cross the sea; a tap on one fires a shot at it, costing the bet from the
 * member's balance at the fish venue. Shots go to the server in small batches; each shot's catch
 * is decided there (RTP / multiplier) and a caught fish pays bet × its multiplier.
 */
export function FishPage() {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const queries = useQueryClient();
  const info = useFishInfo();
  const [fish, setFish] = useState<Swimmer[]>([]);
  const [shots, setShots] = useState<Shot[]>([]);
  const [wins, setWins] = useState<Win[]>([]);
  const [betIndex, setBetIndex] = useState(2);
  const [balance, setBalance] = useState<number | null>(null);
  const [lastWin, setLastWin] = useState(0);
  const [table, setTable] = useState(false);
  const sea = useRef<HTMLDivElement>(null);
  const nextId = useRef(1);
  const pending = useRef<Shot[]>([]);
  const flushTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const bets = info.data?.bets ?? [1];
  const bet = bets[Math.min(betIndex, bets.length - 1)];
  const shown = balance ?? info.data?.balance ?? 0;
  const closed = info.data !== undefined && info.data.status !== 0;

  // New fish swim in, a few at a time.
  useEffect(() => {
    const spawn = (spread = false) =>
      setFish((now) => {
        if (now.length >= MAX_SWIMMERS) return now;
        const seconds = 9 + Math.random() * 7;
        const head = spread ? seconds * (0.15 + Math.random() * 0.6) : 0;
        return [
          ...now,
          { id: nextId.current++, kind: spawnKind(), lane: 14 + Math.random() * 56, seconds, head, leftward: Math.random() < 0.5, state: 'swimming' },
        ];
      });
    for (let i = 0; i < 6; i++) spawn(true);
    const timer = setInterval(() => spawn(), 1100);
    return () => clearInterval(timer);
  }, []);

  const flush = useCallback(async () => {
    flushTimer.current = null;
    const batch = pending.current.splice(0, FISH_MAX_SHOTS);
    if (batch.length === 0) return;
    try {
      const answer = await fishApi.shoot(
        bet,
        batch.map((s) => s.kind),
        newIdempotencyKey(),
      );
      setBalance(answer.balance);
      const caught = new Set<number>();
      const won: Win[] = [];
      answer.hits.forEach((hit, i) => {
        if (!hit.caught) return;
        caught.add(batch[i].fishId);
        won.push({ id: batch[i].id, x: batch[i].x, y: batch[i].y, amount: hit.win });
      });
      if (answer.payout > 0) setLastWin(answer.payout);
      setFish((now) => now.map((f) => (caught.has(f.id) ? { ...f, state: 'caught' } : f.state === 'aimed' ? { ...f, state: 'swimming' } : f)));
      setWins((now) => [...now, ...won]);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      Toast.show({ content: err.message });
      void queries.invalidateQueries({ queryKey: FISH_KEY });
    }
  }, [bet, queries]);

  const fire = (target: Swimmer, e: PointerEvent<HTMLButtonElement>) => {
    if (closed || target.state === 'caught' || !sea.current) return;
    const box = sea.current.getBoundingClientRect();
    const shot = { id: nextId.current++, fishId: target.id, kind: target.kind, x: e.clientX - box.left, y: e.clientY - box.top };
    pending.current.push(shot);
    setShots((now) => [...now, shot]);
    setFish((now) => now.map((f) => (f.id === target.id && f.state === 'swimming' ? { ...f, state: 'aimed' } : f)));
    if (pending.current.length >= FISH_MAX_SHOTS) void flush();
    else flushTimer.current ??= setTimeout(() => void flush(), BATCH_MS);
  };

  return (
    <div className="bp-page bp-fish">
      <PageHeader
        title={info.data?.venueName ?? t('fish.title')}
        fallback="/app/casino"
        right={
          <button className="bp-fish-table-link" onClick={() => setTable(true)}>
            {t('fish.payTable')}
          </button>
        }
      />
      <div className="bp-fish-sea" ref={sea}>
        <div className="bp-fish-hud">{info.data ? <VenuePurse apiName="FISH" venueName={info.data.venueName} balance={shown} infoKey={FISH_KEY} /> : null}</div>
        {fish.map((f) => (
          <button
            key={f.id}
            className={`bp-swimmer is-${f.state}${f.leftward ? ' is-leftward' : ''}`}
            data-fish={f.kind}
            aria-label={t(`fish.names.${f.kind}`)}
            style={{
              top: `${f.lane}%`,
              width: LOOKS[f.kind].size,
              height: LOOKS[f.kind].size * 0.6,
              animationDuration: `${f.seconds}s`,
              animationDelay: `-${f.head}s`,
            }}
            onPointerDown={(e) => fire(f, e)}
            onAnimationEnd={(e) => {
              if (e.target === e.currentTarget) setFish((now) => now.filter((x) => x.id !== f.id));
            }}
          >
            <FishSprite kind={f.kind} />
          </button>
        ))}
        {shots.map((s) => (
          <span
            key={s.id}
            className="bp-fish-shot"
            style={{ '--to-x': `${s.x}px`, '--to-y': `${s.y}px` } as React.CSSProperties}
            onAnimationEnd={() => setShots((now) => now.filter((x) => x.id !== s.id))}
          />
        ))}
        {wins.map((w) => (
          <span key={w.id} className="bp-fish-win" style={{ left: w.x, top: w.y }} onAnimationEnd={() => setWins((now) => now.filter((x) => x.id !== w.id))}>
            +{money(w.amount)}
          </span>
        ))}
        <div className="bp-fish-cannon" aria-hidden />
        {closed ? <div className="bp-fish-closed">{t('fish.closed')}</div> : null}
      </div>
      <div className="bp-fish-bar">
        <div className="bp-fish-bet">
          <button aria-label={t('fish.less')} disabled={betIndex === 0} onClick={() => setBetIndex(Math.max(0, betIndex - 1))}>
            −
          </button>
          <span>
            <small>{t('fish.bet')}</small>
            <strong data-testid="fish-bet">{money(bet)}</strong>
          </span>
          <button aria-label={t('fish.more')} disabled={betIndex >= bets.length - 1} onClick={() => setBetIndex(Math.min(bets.length - 1, betIndex + 1))}>
            +
          </button>
        </div>
        <div className="bp-fish-last">
          <small>{t('fish.lastWin')}</small>
          <strong data-testid="fish-last-win">{money(lastWin)}</strong>
        </div>
      </div>
      <p className="bp-fish-hint bp-muted">{t('fish.hint')}</p>
      <Popup visible={table} onMaskClick={() => setTable(false)} showCloseButton onClose={() => setTable(false)} bodyClassName="bp-fish-paytable">
        <h3>{t('fish.payTable')}</h3>
        <p className="bp-muted">{t('fish.rule', { rtp: ((info.data?.rtp ?? 0) * 100).toFixed(0) })}</p>
        <ul>
          {(info.data?.fish ?? []).map((f) => (
            <li key={f.kind}>
              <span className="bp-fish-paytable-sprite" style={{ width: 56, height: 34 }}>
                <FishSprite kind={f.kind} />
              </span>
              <span>{f.name}</span>
              <strong>×{f.multiplier}</strong>
              <span className="bp-muted">{t('fish.chance', { p: (((info.data?.rtp ?? 0) / f.multiplier) * 100).toFixed(2) })}</span>
            </li>
          ))}
        </ul>
      </Popup>
    </div>
  );
}
