import type { FishKind } from '@bp/contract';

/** How each fish looks: its size on screen (px), body and fin colours. The bigger the multiplier, the bigger the fish. */
export const LOOKS: Record<FishKind, { size: number; body: string; fin: string }> = {
  clown: { size: 46, body: '#ff8c1a', fin: '#fff' },
  puffer: { size: 54, body: '#f2d45c', fin: '#c9a227' },
  lantern: { size: 62, body: '#4fc3f7', fin: '#0277bd' },
  turtle: { size: 78, body: '#66bb6a', fin: '#2e7d32' },
  ray: { size: 92, body: '#9575cd', fin: '#5e35b1' },
  shark: { size: 120, body: '#90a4ae', fin: '#546e7a' },
  dragon: { size: 140, body: '#ffca28', fin: '#e65100' },
};

/** A fish drawn in SVG, facing right. */
export function FishSprite({ kind }: { kind: FishKind }) {
  const { body, fin } = LOOKS[kind];
  return (
    <svg viewBox="0 0 100 60" width="100%" height="100%" aria-hidden>
      <path d="M78 30 L99 10 L96 30 L99 50 Z" fill={fin} />
      <ellipse cx="46" cy="30" rx="36" ry={kind === 'ray' ? 26 : kind === 'puffer' ? 24 : 18} fill={body} />
      {kind === 'turtle' ? <ellipse cx="46" cy="30" rx="24" ry="14" fill={fin} opacity="0.7" /> : null}
      {kind === 'clown' ? <path d="M40 13 Q44 30 40 47 L48 47 Q52 30 48 13 Z" fill={fin} /> : null}
      {kind === 'dragon' ? <path d="M30 12 L38 2 L44 12 L52 2 L58 13" fill="none" stroke={fin} strokeWidth="4" /> : null}
      <path d="M44 12 Q56 0 62 14 Z" fill={fin} />
      <circle cx="22" cy="26" r="5" fill="#fff" />
      <circle cx="21" cy="26" r="2.6" fill="#102030" />
    </svg>
  );
}
