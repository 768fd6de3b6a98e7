import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { alias } from './vite.config';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: {
      ...alias,
      // Unit tests talk to the real server, started in-process on a free port.
      '@autostudio/server': fileURLToPath(new URL('../server/src/app.ts', import.meta.url)),
      '@autostudio/engine/testing': fileURLToPath(new URL('../engine/src/test/test-engine.ts', import.meta.url)),
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    globalSetup: ['./src/test/global-server.ts'],
    restoreMocks: true,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
