/**
 * antd-mobile's Toast and Dialog (with their animation library) for code that runs on every page's
 * first load (the request path, the login reminder): fetched the first time one is shown, so a page
 * that shows none never loads them. Screens opened later import antd-mobile as usual.
 */
export const overlays = () => import('./overlay-kit.ts');
