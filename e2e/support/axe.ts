import axe from 'axe-core';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

type AxeWindow = typeof globalThis & { axe?: typeof axe };

export interface SeriousViolation {
  id: string;
  help: string;
  nodes: unknown[];
}

/**
 * axe's serious and critical violations on the page as it is, or inside the elements a selector names.
 *
 * axe-core runs in the page itself, put there once per document. @axe-core/playwright's AxeBuilder injected it
 * again for every check and finished each run in a blank page of its own: 1.6 s a check on an idle two-core machine
 * against 0.15 s here (measured on /admin/user-groups), with some 60 checks in the suite. The app has no frames, so
 * nothing is lost by not reaching into them.
 */
export async function seriousViolations(page: Page, selector?: string): Promise<SeriousViolation[]> {
  if (!(await page.evaluate(() => (globalThis as AxeWindow).axe !== undefined))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    (include) =>
      (globalThis as AxeWindow).axe
        ?.run(include ? { include: [include] } : document, { resultTypes: ['violations'] })
        .then((results) =>
          results.violations
            .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
            .map((violation) => ({
              id: violation.id,
              help: violation.help,
              nodes: violation.nodes.map((node) => node.target),
            })),
        ),
    selector,
  );
  if (!violations) throw new Error('axe did not run in the page');
  return violations;
}

/** axe finds no serious or critical violation on the page as it is (or inside `selector`). */
export async function expectNoSeriousViolations(page: Page, where: string, selector?: string): Promise<void> {
  expect(await seriousViolations(page, selector), where).toEqual([]);
}
