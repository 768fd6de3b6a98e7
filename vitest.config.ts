import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests run against the sources of the shared package, so no build is needed before `vitest`.
const alias = {
  '@autostudio/protocol': fileURLToPath(new URL('./packages/protocol/src/index.ts', import.meta.url)),
  // The server's relay and session tests drive a real engine over its real HTTP interface.
  '@autostudio/engine/testing': fileURLToPath(new URL('./apps/engine/src/test/test-engine.ts', import.meta.url)),
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'protocol', environment: 'node', include: ['packages/protocol/src/**/*.test.ts'] },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // Password hashing is deliberately slow; a sign-in per test adds up on two cores.
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'engine',
          environment: 'node',
          include: ['apps/engine/src/**/*.test.ts'],
          // Tests that render start a headless Chromium: seconds, not milliseconds, on two cores.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          passWithNoTests: true,
        },
      },
      './apps/web/vitest.config.ts',
      './apps/web/vitest.integration.config.ts',
    ],
  },
});
