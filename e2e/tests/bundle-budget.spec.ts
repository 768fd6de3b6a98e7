import { createRequire } from 'node:module';
import { expect, test } from '../support/fixtures';
import { recordScripts, totalKb, type ScriptWeight } from '../support/scripts-loaded';

/** The web app's budgets in gzipped kB, as its build check reads them (apps/web/bundle-budgets.json). */
const BUDGETS = createRequire(import.meta.url)('@autostudio/web/bundle-budgets.json') as Record<string, number>;

function report(route: string, weights: ScriptWeight[]): number {
  const total = totalKb(weights);
  const heaviest = weights.map(({ path, kb }) => `${path.split('/').pop() ?? path} ${kb.toFixed(1)}`).join(', ');
  console.info(`${route}: ${total.toFixed(1)} kB of ${BUDGETS[route] ?? '?'} kB (${heaviest})`);
  return total;
}

/**
 * What a first visit costs in JavaScript as Chromium loads it: every script fetched, gzipped, including what the
 * page imports dynamically once it runs, which the build's manifest check cannot see.
 */
test.describe('the JavaScript budget, measured in the browser', () => {
  test('/login loads at most its budget', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/login');
    await expect(page.getByLabel('Username')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(report('/login', await scripts.weights())).toBeLessThanOrEqual(BUDGETS['/login'] ?? 0);
  });

  test('signing in to a live /home loads at most its budget', async ({ page, enterStudio, studio }) => {
    test.setTimeout(150_000);
    const scripts = recordScripts(page);
    await enterStudio();
    await page.waitForLoadState('networkidle');
    const total = report('/home', await scripts.weights());
    await studio.signOut();
    expect(total).toBeLessThanOrEqual(BUDGETS['/home'] ?? 0);
  });
});
