import './app/zod-config.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { unstableSetRender } from 'antd-mobile';
import './app/i18n/index.ts';
import './app/themes/base.css';
import './app/themes/looks.css';
import './app/frame.css';
import { createRouter } from './app/router.tsx';
import { installScreenEffects } from './app/install-effects.ts';
import { installNavigator } from './shared/navigation.ts';
import { apiSettings } from './shared/api/transport.ts';
import { queryClient } from './shared/api/query-client.ts';
import { keepEntryParams } from './shared/entry-params.ts';
import { previewFromQuery } from './shared/theme/theme-state.tsx';
import { applyTheme, pickSeries } from './shared/theme/themes.ts';
import { themePreview } from './shared/theme/theme-state.tsx';
import { local } from './shared/storage/local.ts';
import { rememberSiteForPages } from './shared/site-cookie.ts';

// antd-mobile's imperative toasts and dialogs render through React 19's root API: one root per
// container, reused when the dialog re-renders itself, unmounted after the current render.
const roots = new WeakMap<Element | DocumentFragment, Root>();
unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});

const SITE_KEY = 'bp.siteId';
const siteFromQuery = new URLSearchParams(location.search).get('siteId');
if (siteFromQuery && /^\d{1,6}$/.test(siteFromQuery)) local.set(SITE_KEY, siteFromQuery);
apiSettings.siteId = local.get(SITE_KEY) ?? import.meta.env.VITE_SITE_ID ?? null;
rememberSiteForPages(apiSettings.siteId);

keepEntryParams(location.search);
previewFromQuery(location.search);
// The last known series paints the first frame; perInfo confirms it moments later, with the festival skin.
applyTheme(document.documentElement, pickSeries(themePreview.get(), local.get('bp.siteSeries')), null);

installScreenEffects();

// The router, then the first render, each in a task of its own after the one that ran the modules:
// together they held a slow phone's main thread for a quarter of a second (issue 13, Lighthouse's
// total blocking time). The render is a transition, which React renders in slices, letting the
// phone paint and answer a tap between them; the splash stays until it commits.
setTimeout(() => {
  const router = createRouter();
  installNavigator((path, opts) => void router.navigate(path, opts));
  setTimeout(() => {
    const root = createRoot(document.getElementById('root')!);
    startTransition(() =>
      root.render(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </StrictMode>,
      ),
    );
  }, 0);
}, 0);
