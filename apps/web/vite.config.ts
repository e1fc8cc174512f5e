import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';
import { pureContract } from './build/pure-contract.ts';
import { firstViewsFile } from './build/first-views.ts';

const CORE_LIBRARIES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack|tslib|react-is|use-sync-external-store|classnames)[\\/]/;
const server = process.env.BP_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), pureContract(), firstViewsFile(), precompress()],
  // The workspace root holds an older React for some dev tools; the site uses its own, once.
  resolve: { dedupe: ['react', 'react-dom'] },
  build: {
    target: 'es2022',
    rolldownOptions: {
      treeshake: {
        // The contract is declarations only: the site keeps the constants and rules it uses, and
        // the zod schemas it does not use (they validate on the server) are left out.
        moduleSideEffects: (id: string) => !id.includes('/packages/contract/'),
        manualPureFunctions: ['z'],
      },
      output: {
        // The libraries every page runs in one file: left to themselves they come as a dozen small
        // files (React's wrappers, the router, i18next, the query client, tslib), and a phone on a
        // slow network pays a round trip for each (sports: 58 → 49 scripts; home: 174.6 → 170 KB br).
        codeSplitting: { groups: [{ name: 'core', test: CORE_LIBRARIES }] },
      },
    },
    manifest: true,
    assetsInlineLimit: 4096,
    chunkSizeWarningLimit: 400,
  },
  server: {
    proxy: {
      '/api': server,
      '/assets/site': server,
      '/assets/avatars': server,
      '/ws': { target: server.replace(/^http/, 'ws'), ws: true },
    },
  },
});
