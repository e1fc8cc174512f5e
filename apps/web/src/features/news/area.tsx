import type { ComponentType } from 'react';
import type { Area } from '../../shared/routing/areas.ts';
import { lazyPage } from '../../shared/session/login-required.tsx';

/** A news screen, for visitors too, loaded on first visit with its words. */
const newsPage = (load: () => Promise<ComponentType>) => lazyPage(load, { members: false, beside: [() => import('./locale.ts')] });

/** Sports news at /app/news (the sports page's header leads here), an article, and a match's assistant (from the match page). */
export const newsArea: Area = {
  name: 'news',
  routes: [
    { path: 'news', handle: { title: 'newsPages.list' }, lazy: newsPage(async () => (await import('./NewsPage.tsx')).NewsPage) },
    { path: 'news/assist/:matchId', handle: { title: 'newsPages.assist' }, lazy: newsPage(async () => (await import('./AssistPage.tsx')).AssistPage) },
    { path: 'news/:newsId', handle: { title: 'newsPages.article' }, lazy: newsPage(async () => (await import('./ArticlePage.tsx')).ArticlePage) },
  ],
};
