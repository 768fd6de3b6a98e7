import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Tests run against the sources of the shared package, so no build is needed before `vitest`.
const alias = {
  '@autostudio/protocol': fileURLToPath(new URL('./packages/protocol/src/index.ts', import.meta.url)),
  // Before the testing entry, which would otherwise take this path as a file inside itself.
  '@autostudio/engine/testing/gltf': fileURLToPath(
    new URL('./apps/engine/src/test/gltf-validation.ts', import.meta.url),
  ),
  // The server's relay and session tests drive a real engine over its real HTTP interface.
  '@autostudio/engine/testing': fileURLToPath(new URL('./apps/engine/src/test/test-engine.ts', import.meta.url)),
};

/**
 * A file's name says its tier. `*.test.ts` is the fast tier (`npm run test:unit`): no server, no database, no
 * browser. `*.integration.test.ts` drives the real parts: a server on SQLite and PostgreSQL, engines in Chromium.
 */
const INTEGRATION = '**/*.integration.test.{ts,tsx}';

type ProjectTest = NonNullable<TestProjectInlineConfiguration['test']>;

function tiers(
  name: string,
  root: string,
  unit: ProjectTest,
  integration: ProjectTest,
): TestProjectInlineConfiguration[] {
  return [
    {
      resolve: { alias },
      test: { name, environment: 'node', include: [`${root}/**/*.test.ts`], exclude: [INTEGRATION], ...unit },
    },
    {
      resolve: { alias },
      test: {
        name: `${name}-integration`,
        environment: 'node',
        include: [`${root}/${INTEGRATION}`],
        ...integration,
      },
    },
  ];
}

export default defineConfig({
  test: {
    // Two cores, and most suites wait on sockets, databases and engines rather than compute: three files at a time
    // keep both cores busy. The engine's Chromium suites render on both cores each: one at a time, in a group after
    // all the others, so they have the machine to themselves (beside the rest they took twice as long and the run as
    // a whole no less).
    maxWorkers: 3,
    projects: [
      {
        resolve: { alias },
        test: { name: 'protocol', environment: 'node', include: ['packages/protocol/src/**/*.test.ts'] },
      },
      ...tiers(
        'server',
        'apps/server/src',
        {},
        {
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // The files of a worker share one module graph: each builds its own app on its own database copy, and
          // none mocks a module (the Date fakes are undone in `finally`). Importing Fastify, Kysely, the AWS SDK and
          // the app afresh for each of 66 files took 213 s of the tier's 362; without it the tier takes 257 s.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      ),
      ...tiers(
        'engine',
        'apps/engine/src',
        // Building the car's geometry in three.js and ray casting it takes seconds, more beside other suites.
        { testTimeout: 30_000 },
        {
          maxWorkers: 1,
          // Starts the path-tracing suite's engine before the first file, so that its start overlaps theirs.
          setupFiles: ['apps/engine/src/test/warm-engines.setup.ts'],
          // One process for all the files, so that the pixel suites share their Chromium engines
          // (`test/shared-engine.ts`) as a deployment shares an engine between users, reset between them. No file
          // here mocks modules or stubs globals, which a shared process would carry into the next file.
          isolate: false,
          // A group of its own after the rest (vitest puts only isolated one-worker projects there unasked).
          sequence: { groupOrder: 1 },
          // Tests that render start a headless Chromium: seconds, not milliseconds, on two cores; a path-traced
          // reference of 64 samples takes 20 s on an idle machine and over a minute on a busy one. `npm test` runs
          // this tier beside the e2e suite at a lower priority (`test:browsers:engine`): the browser tests wait on
          // engines, heartbeats and polls for a quarter of their time, and this tier renders in what they leave.
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      ),
      './apps/web/vitest.config.ts',
      './apps/web/vitest.isolated.config.ts',
      './apps/web/vitest.integration.config.ts',
    ],
  },
});
