import type { ComponentType } from 'react';
import type { Area } from '../../shared/routing/areas.ts';
import { lazyPage } from '../../shared/session/login-required.tsx';

/** An originals screen, loaded on first visit with its words; a game's page is a member's. */
const page = (load: () => Promise<ComponentType>, members = false) => lazyPage(load, { members, beside: [() => import('./locale.ts')] });

/** House originals (issue 16): the list at /app/originals (the lobby's 原创), a page per game, the verification page. */
export const originalsArea: Area = {
  name: 'originals',
  routes: [
    { path: 'originals', handle: { title: 'originalsPages.list' }, lazy: page(async () => (await import('./OriginalsPage.tsx')).OriginalsPage) },
    { path: 'originals/verify', handle: { title: 'originalsPages.verify' }, lazy: page(async () => (await import('./VerifyPage.tsx')).VerifyPage) },
    { path: 'originals/:game', handle: { title: 'originalsPages.game' }, lazy: page(async () => (await import('./GamePage.tsx')).GamePage, true) },
  ],
};
