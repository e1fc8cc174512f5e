import type { Sport } from '@bp/contract';

/** The sports' marks, drawn in the current colour (tabs, chips): no image request. */
export function SportIcon({ sport, className }: { sport: Sport | 'all'; className?: string }) {
  return (
    <svg
      className={className}
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {sport === 'football' && (
        <>
          <circle cx="12" cy="12" r="9.2" />
          <path d="M12 7.6l3.6 2.6-1.4 4.2H9.8l-1.4-4.2z" fill="currentColor" stroke="none" />
          <path d="M12 2.8v4.8M15.6 10.2l4.6-1.6M14.2 14.4l2.8 4M9.8 14.4l-2.8 4M8.4 10.2l-4.6-1.6" />
        </>
      )}
      {sport === 'basketball' && (
        <>
          <circle cx="12" cy="12" r="9.2" />
          <path d="M2.8 12h18.4M12 2.8v18.4M5.4 5.5c2.4 1.9 3.6 4.1 3.6 6.5s-1.2 4.6-3.6 6.5M18.6 5.5c-2.4 1.9-3.6 4.1-3.6 6.5s1.2 4.6 3.6 6.5" />
        </>
      )}
      {sport === 'esports' && (
        <>
          <path d="M7 7h10a4.5 4.5 0 0 1 4.4 5.4l-.9 4.3a2.5 2.5 0 0 1-4.3 1.2L14.5 16h-5l-1.7 1.9a2.5 2.5 0 0 1-4.3-1.2l-.9-4.3A4.5 4.5 0 0 1 7 7z" />
          <path d="M8 10.2v3.2M6.4 11.8h3.2" />
          <circle cx="15.6" cy="10.8" r=".9" fill="currentColor" />
          <circle cx="17.4" cy="12.8" r=".9" fill="currentColor" />
        </>
      )}
      {sport === 'all' && (
        <>
          <rect x="3.5" y="3.5" width="7" height="7" rx="1.6" />
          <rect x="13.5" y="3.5" width="7" height="7" rx="1.6" />
          <rect x="3.5" y="13.5" width="7" height="7" rx="1.6" />
          <rect x="13.5" y="13.5" width="7" height="7" rx="1.6" />
        </>
      )}
    </svg>
  );
}
