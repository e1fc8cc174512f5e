import { useTranslation } from 'react-i18next';
import { baccaratValue, type TableGame, type TableRound } from '@bp/contract';
import { revealTimeOf, type ShownPhase } from '../model/phase.ts';
import { PlayingCard } from './PlayingCard.tsx';
import { Wheel } from './Wheel.tsx';

interface StageProps {
  game: TableGame;
  round: TableRound;
  phase: ShownPhase;
  now: number;
}

/** The cards in dealing order, each with the hand it goes to, its place there and whether it is turned yet. */
function dealt(round: TableRound, now: number, shownAll: boolean) {
  const o = round.outcome;
  if (!o || o.game === 'roulette') return [];
  const seq =
    o.game === 'baccarat'
      ? [...o.order].map((side, i) => ({ side, place: [...o.order].slice(0, i).filter((x) => x === side).length }))
      : [
          { side: 'd', place: 0 },
          { side: 't', place: 0 },
        ];
  return seq.map(({ side, place }, i) => {
    const card = o.game === 'baccarat' ? (side === 'p' ? o.player : o.banker)[place] : side === 'd' ? o.dragon : o.tiger;
    return { side, place, card, shown: shownAll || now >= revealTimeOf(round, i, seq.length) };
  });
}

function Hand({ label, side, cards, className }: { label: string; side: string; cards: ReturnType<typeof dealt>; className: string }) {
  const { t } = useTranslation();
  const mine = cards.filter((c) => c.side === side);
  const points = mine.filter((c) => c.shown).reduce((sum, c) => sum + baccaratValue(c.card), 0) % 10;
  const anyShown = mine.some((c) => c.shown);
  return (
    <div className={`bp-hand ${className}`}>
      <div className="bp-hand-head">
        <b>{label}</b>
        {anyShown && side !== 'd' && side !== 't' ? <span data-points={points}>{t('tables.points', { n: points })}</span> : null}
      </div>
      <div className="bp-hand-cards">
        {mine.map((c) => (
          <PlayingCard key={c.place} card={c.card} shown={c.shown} third={c.place === 2} />
        ))}
      </div>
    </div>
  );
}

/** The table's felt: the deal in its real order (cards turning one by one) or the wheel, and the result. */
export function Stage({ game, round, phase, now }: StageProps) {
  const { t } = useTranslation();
  const after = phase === 'result' || phase === 'next';
  const o = round.outcome;
  if (game === 'roulette') {
    const number = o?.game === 'roulette' ? o.number : null;
    return (
      <div className="bp-stage rou">
        <Wheel
          key={round.roundNo}
          number={number}
          spinning={phase === 'dealing'}
          landed={after && number !== null}
          spinMs={Math.max(0, round.revealAt - now)}
        />
      </div>
    );
  }
  // Before the outcome reaches the screen the first four (or two) cards lie face down.
  const cards = o ? dealt(round, now, after) : phase === 'dealing' ? facedown(game) : [];
  const winner = after && o && o.game !== 'roulette' ? o.winner : null;
  return (
    <div className={`bp-stage ${game === 'baccarat' ? 'bac' : 'dt'}`}>
      {game === 'baccarat' ? (
        <>
          <Hand label={t('tables.player')} side="p" cards={cards} className={`player${winner === 'player' ? ' won' : ''}`} />
          <Hand label={t('tables.banker')} side="b" cards={cards} className={`banker${winner === 'banker' ? ' won' : ''}`} />
        </>
      ) : (
        <>
          <Hand label={t('tables.dragon')} side="d" cards={cards} className={`banker${winner === 'dragon' ? ' won' : ''}`} />
          <Hand label={t('tables.tiger')} side="t" cards={cards} className={`player${winner === 'tiger' ? ' won' : ''}`} />
        </>
      )}
      {winner ? (
        <div className={`bp-stage-result ${winner}`} role="status" data-winner={winner}>
          {t(`tables.winner.${winner}`)}
          {o?.game === 'baccarat' ? ` ${o.playerTotal} : ${o.bankerTotal}` : ''}
        </div>
      ) : phase === 'betting' ? (
        <div className="bp-stage-hint">{t('tables.placeBets')}</div>
      ) : null}
    </div>
  );
}

function facedown(game: TableGame): ReturnType<typeof dealt> {
  const sides = game === 'baccarat' ? ['p', 'b', 'p', 'b'] : ['d', 't'];
  return sides.map((side, i) => ({ side, place: Math.floor(i / 2), card: '', shown: false }));
}
