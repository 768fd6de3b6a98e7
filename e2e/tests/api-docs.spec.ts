import { expect, test } from '../support/fixtures';

test.describe('the API documentation', () => {
  test('Swagger UI renders under the same Content-Security-Policy as the app and runs a call', async ({ page }) => {
    // A CSP violation shows up as a console error; the docs must not need any.
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    const response = await page.goto('/api/docs');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self';");
    // Swagger UI parses the whole document first: seconds on a busy two-core machine.
    await expect(page.getByRole('heading', { name: /Autostudio API/ })).toBeVisible({ timeout: 20_000 });

    // GET /health, not GET /health/ready beside it.
    await page.getByRole('button', { name: /GET \/health(?!\/)/ }).click();
    await page.getByRole('button', { name: 'Try it out' }).click();
    await page.getByRole('button', { name: 'Execute' }).click();
    await expect(page.locator('.live-responses-table tbody .response-col_status')).toHaveText('200');
    expect(problems).toEqual([]);
  });
});
