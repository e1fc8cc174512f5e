/** The site's crest, drawn inline in the theme's colours (no image request). */
export function Crest({ size = 40, className }: { size?: number; className?: string }) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <defs>
        <linearGradient id="bp-crest" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--bp-accent)" />
          <stop offset="0.55" stopColor="var(--bp-primary)" />
          <stop offset="1" stopColor="var(--bp-primary-2)" />
        </linearGradient>
      </defs>
      <path d="M32 3 L56 12 V30 C56 45 45 56 32 61 C19 56 8 45 8 30 V12 Z" fill="none" stroke="url(#bp-crest)" strokeWidth="3" />
      <path d="M18 40 L22 22 L28 32 L32 18 L36 32 L42 22 L46 40 Z" fill="url(#bp-crest)" />
      <rect x="18" y="43" width="28" height="4" rx="1.5" fill="url(#bp-crest)" />
    </svg>
  );
}
