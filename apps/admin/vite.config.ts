import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = process.env.BP_SERVER ?? 'http://localhost:8080';

/** The operator console, served by the server at /admin (its own build, apps/admin/dist). */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: { dedupe: ['react', 'react-dom'] },
  build: {
    target: 'es2022',
    // A desktop console on the operator's network: antd and ECharts make a large first load, split
    // so the charts' code loads with the dashboard alone.
    chunkSizeWarningLimit: 1500,
  },
  server: { proxy: { '/api': server } },
});
