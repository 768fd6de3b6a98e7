import { BUILT_IN_PRODUCT, STORAGE_KEYS } from '@autostudio/protocol';
import { expect, test } from '../support/fixtures';
import { currentSession, currentSessionWith, engineCall, paintOf } from '../support/remote-control';
import { StudioPage } from '../support/studio-page';
import { E2E_PAGE_CLOSE_GRACE_MS } from '../support/server';
import { signInThroughApi } from '../support/sign-in';

test.describe('the studio session', () => {
  test('a reload of /home ends on the same car, with the same paint, in the same session', async ({
    page,
    request,
    createAccount,
    studio,
  }) => {
    test.setTimeout(180_000);
    const account = await createAccount(['user']);
    await signInThroughApi(page, account);
    await studio.openBuiltInCar();
    await studio.waitForLive();

    const before = await currentSession(page, request);
    const details = before.sessionDetails;
    if (!details) throw new Error('no session after loading the car');
    // A paint the car does not wear yet, set through the engine's Remote Control API.
    const offered = await paintOf(request, details.instanceId);
    const paint = offered.MaterialOptions.find((option) => option !== offered.Current);
    if (!paint) throw new Error('the built-in car offers one paint only');
    await engineCall(request, details.instanceId, 'car', 'Update Car Material', { MaterialToSet: paint });

    const pageWentAway = Date.now();
    await page.reload();
    // Still in the studio, not sent to /landing, on the same car, with a playing stream.
    await expect(page.getByRole('heading', { name: BUILT_IN_PRODUCT.name })).toBeVisible({ timeout: 60_000 });
    await expect(page).toHaveURL('/home');
    await studio.waitForLive();
    await expect(page.getByRole('status', { name: 'Session' })).toContainText('Connected');
    expect((await currentSession(page, request)).sessionDetails?.sessionId).toBe(details.sessionId);
    expect((await paintOf(request, details.instanceId)).Current).toBe(paint);

    // The page that went away asked for a release after the grace period; the reload's heartbeat kept the session.
    // Counted from the moment the page went away: the reload and the stream took part of it already.
    await page.waitForTimeout(Math.max(0, pageWentAway + E2E_PAGE_CLOSE_GRACE_MS + 2000 - Date.now()));
    expect((await currentSession(page, request)).sessionDetails?.sessionId).toBe(details.sessionId);
    expect((await paintOf(request, details.instanceId)).Current).toBe(paint);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/login');
  });

  test('leaving the studio for /landing gives the engine back at once', async ({
    page,
    request,
    createAccount,
    studio,
  }) => {
    test.setTimeout(180_000);
    const account = await createAccount(['user']);
    await signInThroughApi(page, account);
    await studio.openBuiltInCar();
    await studio.waitForLive();
    expect((await currentSession(page, request)).success).toBe(true);

    await page.getByRole('link', { name: 'Autostudio' }).click();
    await expect(page).toHaveURL('/landing');
    await expect.poll(async () => (await currentSession(page, request)).success, { timeout: 10_000 }).toBe(false);
    // And coming back to /home without a product is /landing, as before.
    await page.goto('/home');
    await expect(page).toHaveURL('/landing');
  });

  test('closing the tab releases the session after the grace period', async ({ browser, request, createAccount }) => {
    test.setTimeout(180_000);
    const account = await createAccount(['user']);
    const context = await browser.newContext();
    const page = await context.newPage();
    const studio = new StudioPage(page);
    try {
      await signInThroughApi(page, account);
      await studio.openBuiltInCar();
      await studio.waitForLive();
      const token = (await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEYS.accessToken)) ?? '';
      expect((await currentSessionWith(request, token)).success).toBe(true);

      await page.close({ runBeforeUnload: true });
      await expect
        .poll(async () => (await currentSessionWith(request, token)).success, {
          timeout: E2E_PAGE_CLOSE_GRACE_MS + 20_000,
          intervals: [1000],
        })
        .toBe(false);
    } finally {
      await context.close();
    }
  });
});
