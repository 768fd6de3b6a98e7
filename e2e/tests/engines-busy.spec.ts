import { API_BASE, API_ROUTES, BUILT_IN_PRODUCT, STATE_MESSAGES } from '@autostudio/protocol';
import { signInApi } from '../support/admin-api';
import { expect, test } from '../support/fixtures';
import { signInThroughApi } from '../support/sign-in';

test.describe('when every engine is in use', () => {
  test('/landing tells the user why no car loads, and the car loads once an engine is free', async ({
    page,
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
      await page.getByRole('button', { name: `Open ${BUILT_IN_PRODUCT.name}` }).click();

      // The server's reason, not only "Failed to load selected product".
      const toast = page.locator('[data-sonner-toast]', { hasText: STATE_MESSAGES.createSessionFailed });
      await expect(toast).toContainText(/all 1 engine is in use\. Try again in a few minutes\./, { timeout: 30_000 });
      await expect(page).toHaveURL('/landing');
      await page.screenshot({ path: test.info().outputPath('engines-busy.png') });

      const released = await request.post(`${API_BASE}${API_ROUTES.sessions.release}`, { headers: auth, data: {} });
      expect(released.ok()).toBe(true);
      await studio.openBuiltInCar();
      await studio.waitForLive();
      await studio.signOut();
    } finally {
      await request.post(`${API_BASE}${API_ROUTES.sessions.release}`, { headers: auth, data: {} });
    }
  });
});
