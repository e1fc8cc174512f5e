import type { Area } from '../../shared/routing/areas.ts';

const load = async <T,>(page: Promise<T>) => {
  const [loaded] = await Promise.all([page, import('./locale.ts')]);
  return loaded;
};

/** The live dealer tables (AG真人): /app/tables and /app/tables/:tableId. Reached from the casino lobby; no tab of their own. */
export const tablesArea: Area = {
  name: 'tables',
  routes: [
    { path: 'tables', handle: { title: 'tables.title' }, lazy: async () => ({ Component: (await load(import('./TablesPage.tsx'))).TablesPage }) },
    { path: 'tables/:tableId', handle: { title: 'tables.title' }, lazy: async () => ({ Component: (await load(import('./TablePage.tsx'))).TablePage }) },
  ],
};
