/** Line art in the theme's colours: a gear for maintenance, a shield for access rules (ticked when access is open). */
export function StatusArt({ kind }: { kind: 'gear' | 'shield' | 'lock' | 'open' }) {
  return (
    <svg width="120" height="120" viewBox="0 0 120 120" aria-hidden="true">
      <circle cx="60" cy="60" r="56" fill="none" stroke="var(--bp-border)" strokeWidth="2" />
      <circle cx="60" cy="60" r="46" fill="var(--bp-surface-2)" />
      {kind === 'gear' && (
        <g fill="none" stroke="var(--bp-primary)" strokeWidth="5" strokeLinecap="round">
          <circle cx="60" cy="60" r="14" />
          {[0, 45, 90, 135, 180, 225, 270, 315].map((deg) => (
            <line key={deg} x1="60" y1="34" x2="60" y2="40" transform={`rotate(${deg} 60 60)`} />
          ))}
          <circle cx="60" cy="60" r="22" strokeDasharray="4 6" />
        </g>
      )}
      {kind === 'shield' && (
        <g fill="none" stroke="var(--bp-primary)" strokeWidth="5" strokeLinejoin="round">
          <path d="M60 30 L82 38 V58 C82 72 72 82 60 88 C48 82 38 72 38 58 V38 Z" />
          <line x1="60" y1="48" x2="60" y2="64" strokeLinecap="round" />
          <circle cx="60" cy="73" r="2.5" fill="var(--bp-primary)" />
        </g>
      )}
      {kind === 'open' && (
        <g fill="none" stroke="var(--bp-primary)" strokeWidth="5" strokeLinejoin="round" strokeLinecap="round">
          <path d="M60 30 L82 38 V58 C82 72 72 82 60 88 C48 82 38 72 38 58 V38 Z" />
          <path d="M50 59 L57 66 L71 51" />
        </g>
      )}
      {kind === 'lock' && (
        <g fill="none" stroke="var(--bp-primary)" strokeWidth="5" strokeLinejoin="round">
          <rect x="40" y="54" width="40" height="30" rx="5" />
          <path d="M48 54 V46 C48 39 53 34 60 34 C67 34 72 39 72 46 V54" />
          <circle cx="60" cy="68" r="3" fill="var(--bp-primary)" />
        </g>
      )}
    </svg>
  );
}
