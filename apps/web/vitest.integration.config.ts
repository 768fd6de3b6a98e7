import { fileURLToPath } from 'node:url';
import { defineProject, mergeConfig } from 'vitest/config';
import { INTEGRATION_TESTS, webTestBase } from './vitest.config';

/**
 * The `web-integration` tier: the app against the real server (in-process, on a free port) and real engines,
 * started once by src/test/global-server.ts. For what only the real interaction proves: sign-in and token
 * rotation, the relay and engine calls, a product load from click to studio.
 */
export default defineProject(
  mergeConfig(webTestBase, {
    resolve: {
      alias: {
        '@autostudio/server': fileURLToPath(new URL('../server/src/app.ts', import.meta.url)),
        '@autostudio/engine/testing': fileURLToPath(new URL('../engine/src/test/test-engine.ts', import.meta.url)),
      },
    },
    test: {
      name: 'web-integration',
      include: [INTEGRATION_TESTS],
      globalSetup: ['./src/test/global-server.ts'],
      testTimeout: 20_000,
      hookTimeout: 30_000,
    },
  }),
);
