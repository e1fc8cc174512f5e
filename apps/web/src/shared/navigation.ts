/**
 * Navigation for code outside React (the request path, dialogs opened imperatively): the app
 * installs the router's navigate at start.
 */
type Navigate = (path: string, opts?: { replace?: boolean; state?: unknown }) => void;

let navigator: Navigate = (path) => {
  if (typeof location !== 'undefined') location.assign(path);
};

export function installNavigator(fn: Navigate): void {
  navigator = fn;
}

export const navigateTo: Navigate = (path, opts) => navigator(path, opts);

export const currentPath = (): string => (typeof location === 'undefined' ? '/' : location.pathname);
export const currentUrl = (): string => (typeof location === 'undefined' ? '/' : location.pathname + location.search);
