const SUITS: Record<string, { symbol: string; red: boolean; name: string }> = {
  s: { symbol: '♠', red: false, name: '黑桃' },
  h: { symbol: '♥', red: true, name: '红桃' },
  d: { symbol: '♦', red: true, name: '方块' },
  c: { symbol: '♣', red: false, name: '梅花' },
};
const rankText = (rank: string) => (rank === 'T' ? '10' : rank);

/** A card that turns face up (a CSS flip) once `shown`; face down until then. */
export function PlayingCard({ card, shown, third = false }: { card: string | null; shown: boolean; third?: boolean }) {
  const suit = card ? SUITS[card[1]] : null;
  const up = shown && card !== null;
  return (
    <div
      className={`bp-pcard${up ? ' up' : ''}${third ? ' third' : ''}`}
      role="img"
      aria-label={up && suit ? `${suit.name}${rankText(card![0])}` : '未开的牌'}
      data-card={up ? card : undefined}
    >
      <div className="bp-pcard-inner">
        <div className="bp-pcard-back" />
        <div className={`bp-pcard-face${suit?.red ? ' red' : ''}`}>
          {card && suit ? (
            <>
              <b>{rankText(card[0])}</b>
              <span>{suit.symbol}</span>
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}
