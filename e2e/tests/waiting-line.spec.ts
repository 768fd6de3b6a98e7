import { API_BASE, API_ROUTES, BUILT_IN_PRODUCT, LINE_MESSAGES } from '@autostudio/protocol';
import { signInApi } from '../support/admin-api';
import { expect, test } from '../support/fixtures';
import { E2E_ADMIN } from '../support/server';
import { signInThroughApi } from '../support/sign-in';

test.describe('when every engine is in use', () => {
  test('a second user waits in line over the car’s picture, may leave, and enters once the first leaves', async ({
    page,
    browser,
    request,
    createAccount,
    studio,
  }) => {
    test.setTimeout(120_000);
    // Someone else holds the test server's only engine.
    const holder = await createAccount(['user']);
    const { headers: auth } = await signInApi(request, holder);
    // The engine registers itself when the run starts, and the spec before may still be giving it back.
    await expect
      .poll(async () => (await request.get(`${API_BASE}${API_ROUTES.sessions.allocate}`, { headers: auth })).status(), {
        timeout: 60_000,
      })
      .toBe(200);

    try {
      const user = await createAccount(['user']);
      await signInThroughApi(page, user);
      const open = page.getByRole('button', { name: `Open ${BUILT_IN_PRODUCT.name}` });
      await open.click();

      // Not an error: a place in line, an estimate, and the car's picture behind it.
      const waiting = page.getByRole('dialog', { name: LINE_MESSAGES.place(1) });
      await expect(waiting).toBeVisible({ timeout: 30_000 });
      await expect(waiting).toContainText(/Estimated wait|Estimating the wait/);
      await expect(waiting).toContainText(LINE_MESSAGES.hint);
      await expect(page.getByTestId('loading-picture')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('waiting-line.png') });

      // Administrators see who waits.
      const adminContext = await browser.newContext();
      const admin = await adminContext.newPage();
      await signInThroughApi(admin, E2E_ADMIN);
      const line = admin.getByRole('region', { name: 'Engine line' });
      await expect(line).toContainText('1 of 1 engines in use · 1 waiting', { timeout: 15_000 });
      await expect(line.getByRole('row').nth(1)).toContainText(user.username);
      await line.screenshot({ path: test.info().outputPath('waiting-line-admin.png') });

      // Leaving the line is the user's choice: noted, back on /landing, and the place is given up at once.
      await waiting.getByRole('button', { name: LINE_MESSAGES.leave }).click();
      await expect(page.locator('[data-sonner-toast]', { hasText: LINE_MESSAGES.left })).toBeVisible();
      await expect(waiting).toBeHidden();
      await expect(page).toHaveURL('/landing');
      await expect(line).toContainText('0 waiting', { timeout: 15_000 });

      // Back in line; the holder leaves, and the studio opens by itself.
      await open.click();
      await expect(waiting).toBeVisible({ timeout: 30_000 });
      const released = await request.post(`${API_BASE}${API_ROUTES.sessions.release}`, { headers: auth, data: {} });
      expect(released.ok()).toBe(true);
      await expect(page).toHaveURL('/home', { timeout: 60_000 });
      await studio.waitForLive();
      await adminContext.close();
      await studio.signOut();
    } finally {
      await request.post(`${API_BASE}${API_ROUTES.sessions.release}`, { headers: auth, data: {} });
    }
  });
});
