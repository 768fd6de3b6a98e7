import react from '@vitejs/plugin-react';
import { defineProject, mergeConfig, type UserWorkspaceConfig } from 'vitest/config';
import { alias } from './vite.config';

/** What both tiers share: the app's own transform and aliases, jsdom, Testing Library's setup. */
export const webTestBase: UserWorkspaceConfig = {
  plugins: [react()],
  resolve: { alias },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
};

/** Files that drive the real server and engines (their tier is vitest.integration.config.ts). */
export const INTEGRATION_TESTS = 'src/**/*.integration.test.{ts,tsx}';

/**
 * The `web` tier: unit tests that start no server and no engine. They mock `fetch` (or the module that calls
 * the server) at the boundary and use fake timers where a delay is the subject, so they take milliseconds.
 */
export default defineProject(
  mergeConfig(webTestBase, {
    test: {
      name: 'web',
      include: ['src/**/*.test.{ts,tsx}'],
      exclude: [INTEGRATION_TESTS],
    },
  }),
);
