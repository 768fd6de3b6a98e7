import { defineConfig } from '@playwright/test';
import e2e from './playwright.config';

/**
 * Benchmarks in a real browser against the same servers and engine as the e2e suite (`npm run bench:browser`). They
 * measure and print; they assert only that what they measured happened. Never part of `npm test`.
 */
export default defineConfig({
  ...e2e,
  testDir: './bench',
  testMatch: '**/*.bench.ts',
  // A benchmark opens the car many times over; the engine's first load of the model is the slowest.
  timeout: 600_000,
  reporter: [['list']],
  // Its own folder: a benchmark run must not wipe the e2e suite's results (and their screenshots).
  outputDir: 'bench-results',
});
