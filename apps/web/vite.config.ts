import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The protocol's engine catalogue: the table of every engine function and the modules it is made of. */
const ENGINE_CATALOGUE =
  /packages[\\/]protocol[\\/]src[\\/]engine[\\/](catalogue|objects|define|car|camera|environment|lights|post-process|config-settings|sequences|render-queue)\.ts$/;

/**
 * zod, and the module that sets it to parse without `new Function` (lib/zod-under-csp.ts): in one chunk, so that the
 * setting runs as soon as zod has, before any chunk that builds a schema at load (the engine catalogue does) — zod
 * probes `new Function` as an object schema is built, and the probe is a CSP violation report.
 */
const ZOD = /(node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-under-csp\.ts$)/;

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
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    manifest: true,
    rolldownOptions: {
      output: {
        // The engine catalogue and the function specs it spreads stay in one chunk. Split by which routes reach each
        // part, the catalogue's chunk and the specs' chunk imported each other, and the catalogue could read its parts
        // before they ran (an empty function table: every engine call failed).
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'zod', test: ZOD },
            { name: 'engine-catalogue', test: ENGINE_CATALOGUE },
          ],
        },
      },
    },
  },
});
