/**
 * How a scroll the site makes itself moves: smoothly, or at once where the system asks for less
 * motion (prefers-reduced-motion; base.css rests the CSS loops for the same setting).
 */
export const scrollMotion = (): ScrollBehavior => (matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth');
