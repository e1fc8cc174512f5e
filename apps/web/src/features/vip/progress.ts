/** How far a figure is toward a target, 0 to 100 (a target of 0 is reached). */
export const percentOf = (value: number, target: number): number => (target <= 0 ? 100 : Math.max(0, Math.min(100, Math.floor((value / target) * 100))));

/** A whole or cent amount with thousands separators and no currency sign, for the benefits table (the header names the currency). */
export const plainAmount = (amount: number): string =>
  amount.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 });
