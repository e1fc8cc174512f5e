import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, Skeleton, Toast } from 'antd-mobile';
import { spotWins, type TableRound, type TableSummary } from '@bp/contract';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { useLoggedIn } from '../../shared/session/use-session.ts';
import { showLoginReminder } from '../../shared/session/login-required.tsx';
import { newIdempotencyKey } from '../../shared/api/request.ts';
import { tablesApi, useTableFrames, useTableState, type TableState } from './api.ts';
import { phaseAt, roundShown, secondsTo, type ShownPhase } from './model/phase.ts';
import { useServerNow } from './model/use-now.ts';
import { BetBoard } from './components/BetBoard.tsx';
import { Stage } from './components/Stage.tsx';
import { CardRoads } from './components/Roads.tsx';
import { Recent } from './components/Recent.tsx';
import { TransferIn } from './components/TransferIn.tsx';
import './tables.css';

const CHIPS: Record<'CNY' | 'USDT', number[]> = { CNY: [10, 50, 100, 500, 1000], USDT: [1, 5, 10, 50, 100] };

function PhaseBar({ table, round, phase, now }: { table: TableSummary; round: TableRound; phase: ShownPhase; now: number }) {
  const { t } = useTranslation();
  // A round not dealt yet is the next hand of the shoe dealt last (a new shoe, if the cut card came out, shows once dealt).
  const shoe = round.shoeNo || table.history.at(-1)?.shoeNo || 0;
  const hand = table.history.filter((h) => h.shoeNo === shoe && h.roundNo < round.roundNo).length + 1;
  return (
    <div className={`bp-table-bar ${phase}`}>
      <span className="bp-table-bar-phase" data-phase={phase}>
        {phase === 'betting'
          ? t('tables.phase.betting', { s: secondsTo(round.closesAt, now) })
          : phase === 'dealing' && table.game === 'roulette'
            ? t('tables.phase.spinning')
            : t(`tables.phase.${phase}`)}
      </span>
      {phase === 'betting' ? <span className="bp-countdown" style={{ width: `${(100 * Math.max(0, round.closesAt - now)) / table.timing.betMs}%` }} /> : null}
      <span className="bp-table-bar-round">
        {table.game === 'roulette' || !shoe ? t('tables.round', { no: round.roundNo }) : t('tables.shoeHand', { shoe, hand })}
      </span>
    </div>
  );
}

/** What the member has on each spot of a round. */
function stakesOf(state: TableState, roundNo: number): Record<string, number> {
  const placed: Record<string, number> = {};
  for (const bet of state.myBets.filter((b) => b.roundNo === roundNo))
    for (const s of bet.spots) placed[s.spot] = Math.round(((placed[s.spot] ?? 0) + s.amount) * 100) / 100;
  return placed;
}

/** The member's result of a round once it is paid: won, lost or refunded. */
function MyResult({ state, roundNo }: { state: TableState; roundNo: number }) {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const bets = state.myBets.filter((b) => b.roundNo === roundNo && b.status !== 'open');
  if (bets.length === 0) return null;
  const payout = bets.reduce((sum, b) => sum + b.payout, 0);
  const refunded = bets.every((b) => b.status === 'refunded');
  const text = refunded ? t('tables.refund', { amount: money(payout) }) : payout > 0 ? t('tables.win', { amount: money(payout) }) : t('tables.lose');
  return (
    <div className={`bp-my-result${payout > 0 && !refunded ? ' won' : ''}`} role="status">
      {text}
    </div>
  );
}

/** /app/tables/:tableId: the round on the server's clock, the deal, bets from the AG balance, the roads. */
export function TablePage() {
  const { t } = useTranslation();
  const { tableId = '' } = useParams();
  const member = useLoggedIn();
  const queries = useQueryClient();
  const { money, currency } = useCurrency();
  const state = useTableState(tableId);
  const now = useServerNow();
  useTableFrames([tableId]);
  const chips = CHIPS[currency.code === 'USDT' ? 'USDT' : 'CNY'];
  // The site's smallest chip until the member picks one (the currency may arrive after the first render).
  const [picked, setChip] = useState<number | null>(null);
  const chip = picked !== null && chips.includes(picked) ? picked : chips[0];
  const [pending, setPending] = useState<Record<string, number>>({});
  const [sending, setSending] = useState(false);
  const [topUp, setTopUp] = useState(false);
  const betKey = useRef(newIdempotencyKey());

  const data = state.data;
  const round = data ? roundShown(data.table.round, data.table.timing, now) : null;
  const phase = round ? phaseAt(round, now) : 'betting';
  const roundNo = round?.roundNo ?? 0;
  const gameId = data?.table.gameId;

  // Entering the table launches AG once: auto-transfer brings the main balance in.
  useEffect(() => {
    if (!member || !gameId) return;
    void tablesApi.enter(gameId, `/app/tables/${tableId}`).then(
      () => queries.invalidateQueries({ queryKey: ['tables', 'state', tableId] }),
      () => undefined,
    );
  }, [member, gameId, tableId, queries]);
  // A new round: chips not confirmed are taken back; my bets and the road are read again.
  useEffect(() => {
    setPending({});
    betKey.current = newIdempotencyKey();
  }, [roundNo]);
  useEffect(() => {
    if (data && roundNo !== data.table.round.roundNo) void queries.invalidateQueries({ queryKey: ['tables', 'state', tableId] });
  }, [roundNo, data, queries, tableId]);

  // A frame missed (a socket reconnecting): what the round waits for is read again each second until it is there.
  const waiting = (phase === 'dealing' && !round?.outcome) || (phase === 'result' && round?.status === 'dealt');
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => void queries.invalidateQueries({ queryKey: ['tables', 'state', tableId] }), 1_000);
    return () => clearTimeout(timer);
  }, [waiting, state.dataUpdatedAt, queries, tableId]);

  const placed = useMemo(() => (data ? stakesOf(data, roundNo) : {}), [data, roundNo]);
  const won = useMemo(() => {
    const outcome = round?.outcome;
    if (!outcome || phase === 'betting' || phase === 'dealing') return new Set<string>();
    return new Set(
      [
        ...Object.keys(placed),
        ...(outcome.game === 'roulette' ? [`straight:${outcome.number}`] : ['player', 'banker', 'tie', 'player_pair', 'banker_pair', 'dragon', 'tiger']),
      ].filter((s) => spotWins(s, outcome)),
    );
  }, [round?.outcome, phase, placed]);

  if (state.isError) return <ErrorBlock status="default" title={(state.error as Error).message} description="" />;
  if (!data || !round) return <Skeleton.Paragraph lineCount={8} animated />;
  const { table } = data;
  const open = phase === 'betting';
  const pendingTotal = Object.values(pending).reduce((a, b) => a + b, 0);

  const onSpot = (spot: string) => {
    if (!member) return showLoginReminder();
    if (!open) return Toast.show(t('tables.closed'));
    if (data.balance !== null && pendingTotal + chip > data.balance) {
      setTopUp(true);
      return Toast.show(t('tables.lowBalance'));
    }
    setPending((p) => ({ ...p, [spot]: Math.round(((p[spot] ?? 0) + chip) * 100) / 100 }));
  };
  const confirm = async () => {
    setSending(true);
    try {
      const bets = Object.entries(pending).map(([spot, amount]) => ({ spot, amount }));
      await tablesApi.bet({ tableId, roundNo, bets }, betKey.current);
      Toast.show({ content: t('tables.placed'), icon: 'success' });
      setPending({});
    } catch (err) {
      Toast.show((err as Error).message);
    } finally {
      betKey.current = newIdempotencyKey();
      setSending(false);
      void queries.invalidateQueries({ queryKey: ['tables', 'state', tableId] });
    }
  };
  return (
    <div className={`bp-table-page ${table.game}`} data-round={roundNo} data-phase={phase}>
      <PageHeader title={table.name} fallback="/app/tables" />
      <PhaseBar table={table} round={round} phase={phase} now={now} />
      <Stage game={table.game} round={round} phase={phase} now={now} />
      {phase === 'result' || phase === 'next' ? <MyResult state={data} roundNo={roundNo} /> : null}
      <div className="bp-ag-balance">
        {member ? (
          <>
            <span>
              {t('tables.balance')} <b data-testid="ag-balance">{data.balance === null ? '—' : money(data.balance)}</b>
            </span>
            <Button size="mini" color="primary" fill="outline" onClick={() => setTopUp(true)}>
              {t('tables.transferIn')}
            </Button>
          </>
        ) : (
          <>
            <span>{t('tables.loginToBet')}</span>
            <Button size="mini" color="primary" onClick={() => showLoginReminder()}>
              {t('tables.enter')}
            </Button>
          </>
        )}
      </div>
      {member && data.balance === 0 && open ? <div className="bp-table-hint">{t('tables.emptyBalance')}</div> : null}
      <BetBoard game={table.game} open={open} placed={placed} pending={pending} won={won} money={money} onSpot={onSpot} />
      <div className="bp-chips" role="group" aria-label={t('tables.chips')}>
        {chips.map((c) => (
          <button
            key={c}
            type="button"
            className={`bp-tchip c${chips.indexOf(c)}${c === chip ? ' on' : ''}`}
            onClick={() => setChip(c)}
            aria-pressed={c === chip}
          >
            {c}
          </button>
        ))}
      </div>
      <div className="bp-bet-actions">
        <Button size="small" disabled={!pendingTotal} onClick={() => setPending({})}>
          {t('tables.clear')}
        </Button>
        <Button size="small" color="primary" disabled={!open || !pendingTotal || sending} loading={sending} onClick={() => void confirm()}>
          {t('tables.confirm')} {pendingTotal ? money(pendingTotal) : ''}
        </Button>
      </div>
      {table.game === 'roulette' ? (
        <div className="bp-roads">
          <div className="bp-road-title">{t('tables.lastNumbers')}</div>
          <Recent history={table.history} count={20} />
        </div>
      ) : (
        <CardRoads game={table.game} history={table.history} />
      )}
      <div className="bp-limits">
        {t('tables.limits')}：
        {table.limits.map((l) => (
          <span key={l.kind}>
            {l.name} {money(l.min)}-{money(l.max)}
          </span>
        ))}
      </div>
      {member ? <TransferIn open={topUp} onClose={() => setTopUp(false)} tableId={tableId} /> : null}
    </div>
  );
}
