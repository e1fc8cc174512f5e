import type { ReactNode } from 'react';
import { useCurrency } from '../site/use-currency.ts';

/**
 * Icons that carry money's symbol, drawn with the site's currency (₮ on a USDT site) where the icon
 * set's own money icons always show ¥. Sized and coloured like those icons (1em, currentColor).
 */
function SymbolIcon({ frame, y, size }: { frame: ReactNode; y: number; size: number }) {
  // No symbol until the site's currency is known: a USDT site's icon never flashes ¥ first.
  const { currency, known } = useCurrency();
  return (
    <svg className="antd-mobile-icon" width="1em" height="1em" viewBox="0 0 48 48" aria-hidden="true" style={{ verticalAlign: '-0.125em' }}>
      <g fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        {frame}
      </g>
      {known ? (
        <text
          x="24"
          y={y}
          fill="currentColor"
          fontSize={size}
          fontWeight="700"
          textAnchor="middle"
          dominantBaseline="central"
          fontFamily="system-ui, sans-serif"
        >
          {currency.symbol}
        </text>
      ) : null}
    </svg>
  );
}

/** Deposit: money dropping into the wallet's tray. */
export const DepositIcon = () => (
  <SymbolIcon frame={<path d="M6 18v18a6 6 0 0 0 6 6h24a6 6 0 0 0 6-6V18M24 4v12M18.5 11 24 16.5 29.5 11" />} y={31} size={17} />
);

/** A coin of the site's currency (the interest wallet). */
export const CoinIcon = () => <SymbolIcon frame={<circle cx="24" cy="24" r="19.5" />} y={25} size={22} />;
