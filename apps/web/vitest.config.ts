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
    // A timeout is there to end a test that hangs. On two loaded cores a dialog test of a dozen clicks that takes
    // one second alone took over five (render-dialog, stop 50), vitest's default.
    testTimeout: 15_000,
  },
};

/** Files that drive the real server and engines (their tier is vitest.integration.config.ts). */
export const INTEGRATION_TESTS = 'src/**/*.integration.test.{ts,tsx}';

/**
 * Unit files that need a module graph of their own (vitest.isolated.config.ts): they replace a module with
 * `vi.mock`, or test what a module holds from its first use (the toaster that loads with the first toast).
 */
export const ISOLATED_TESTS = 'src/**/*.isolated.test.{ts,tsx}';

/**
 * The `web` tier: unit tests that start no server and no engine. They stub `fetch` at the boundary, spy on what
 * they watch, and use fake timers where a delay is the subject, so they take milliseconds.
 *
 * Not isolated: the files of a worker share one jsdom and one module graph, as a page shares them between its
 * screens. A fresh jsdom and a fresh import of React, the router and the app for each of 60 files made the tier
 * take 97 s where it now takes 21 (same machine, `npx vitest run --project web`). Each test resets the stores it
 * uses; a file that must replace a module is named `*.isolated.test.tsx` (ESLint refuses `vi.mock` elsewhere).
 */
export default defineProject(
  mergeConfig(webTestBase, {
    test: {
      name: 'web',
      include: ['src/**/*.test.{ts,tsx}'],
      exclude: [INTEGRATION_TESTS, ISOLATED_TESTS],
      isolate: false,
    },
  }),
);
