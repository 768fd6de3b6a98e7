import { defineProject, mergeConfig } from 'vitest/config';
import { ISOLATED_TESTS, webTestBase } from './vitest.config';

/** The `web-isolated` tier: the unit files that need a module graph of their own, each in a fresh one. */
export default defineProject(
  mergeConfig(webTestBase, {
    test: { name: 'web-isolated', include: [ISOLATED_TESTS] },
  }),
);
