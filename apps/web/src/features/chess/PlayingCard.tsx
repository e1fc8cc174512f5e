import type { CSSProperties } from 'react';

const SUITS: Record<string, string> = { S: '♠', H: '♥', C: '♣', D: '♦' };

/**
 * A playing card: its face (`code` like SK, H10) or its back, dealt in by a CSS animation after
 * `delay` ms; `flip` turns a face up as it arrives (the fifth card's reveal), `raised` lifts it (the
 * three that make 牛).
 */
export function PlayingCard({ code, delay = 0, flip = false, raised = false }: { code: string | null; delay?: number; flip?: boolean; raised?: boolean }) {
  const style = { '--deal-delay': `${delay}ms` } as CSSProperties;
  if (!code)
    return (
      <span className="bp-pc is-back" style={style} aria-label="暗牌">
        <span className="bp-pc-back" />
      </span>
    );
  const suit = code[0];
  const rank = code.slice(1);
  return (
    <span
      className={`bp-pc${suit === 'H' || suit === 'D' ? ' is-red' : ''}${flip ? ' is-flip' : ''}${raised ? ' is-raised' : ''}`}
      style={style}
      aria-label={`${SUITS[suit]}${rank}`}
      data-card={code}
    >
      <span className="bp-pc-corner">
        {rank}
        <br />
        {SUITS[suit]}
      </span>
      <span className="bp-pc-pip">{SUITS[suit]}</span>
    </span>
  );
}
