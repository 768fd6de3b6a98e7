import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export const alias = {
  '@autostudio/protocol': fileURLToPath(new URL('../../packages/protocol/src/index.ts', import.meta.url)),
  '@': fileURLToPath(new URL('./src', import.meta.url)),
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias },
  server: {
    // In development the API and sockets live on the server; the dev server forwards to it.
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', ws: true },
      '/signalling': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
  // The manifest lets scripts/check-bundle-budget.mjs weigh what each route loads.
  build: { sourcemap: true, chunkSizeWarningLimit: 800, manifest: true },
});
