import type { NeedSafeData } from '@bp/contract';

/**
 * What the common request path asks of the screen: the app installs the real ones (antd-mobile
 * toasts and dialogs, the router) at start; until then nothing is shown.
 */
export interface ApiEffects {
  toast(text: string, durationMs: number): void;
  alert(opts: { title?: string; content: string }): Promise<void>;
  /** Replace-navigates (the page the call came from is no longer usable). */
  navigate(path: string, state?: unknown): void;
  currentPath(): string;
  /** Opens the security verification dialog; the ticket, or null when the member closed it. */
  verify(need: NeedSafeData): Promise<string | null>;
  /** The warm reminder: please log in first, then login or home. */
  loginRequired(): void;
}

const quiet: ApiEffects = {
  toast: () => undefined,
  alert: async () => undefined,
  navigate: () => undefined,
  currentPath: () => (typeof location === 'undefined' ? '/' : location.pathname),
  verify: async () => null,
  loginRequired: () => undefined,
};

let current: ApiEffects = quiet;

export const effects = (): ApiEffects => current;

export function installEffects(next: Partial<ApiEffects>): void {
  current = { ...quiet, ...next };
}
