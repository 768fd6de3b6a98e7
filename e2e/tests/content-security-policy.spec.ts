import { recordViolations } from '../support/csp-violations';
import { newestAssetModelName, signInApi } from '../support/admin-api';
import { expect, test } from '../support/fixtures';
import { videoPicture } from '../support/picture';
import { E2E_ADMIN } from '../support/server';

test('the web app and the Pixel Streaming player run under the content security policy without a violation', async ({
  page,
  loginPage,
  studio,
}) => {
  test.setTimeout(180_000);
  const violations = await recordViolations(page);

  await loginPage.goto();
  await loginPage.signIn(E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL('/admin');
  // Run alone, this spec meets a server that has only just started its engines and its preview render, and on two
  // loaded cores the overview's first lists can take longer than the default 5 s.
  const newest = await newestAssetModelName(page.request, await signInApi(page.request, E2E_ADMIN));
  await expect(page.getByRole('region', { name: 'Asset models' })).toContainText(newest, { timeout: 20_000 });
  for (const section of ['Users', 'Groups', 'Presets', 'Configurations', 'Asset models', 'Rendered assets']) {
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: section }).click();
    await expect(page.getByRole('heading', { level: 1, name: section })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Overview' }).click();
  await page.getByRole('main').getByRole('link', { name: 'Open the studio' }).click();

  await expect(page).toHaveURL('/landing');
  await studio.openBuiltInCar();
  await studio.waitForLive();
  await studio.waitForPanels();
  // The player shows the car: frames came through the WebRTC stream and were decoded.
  await expect.poll(() => studio.framesDecoded(), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect.poll(async () => (await videoPicture(page)).spread, { timeout: 20_000 }).toBeGreaterThan(8);
  await studio.dragCamera();
  await studio.signOut();

  expect(violations).toEqual([]);
});

test('an inline script, as stored XSS would inject it, is refused and reported', async ({ page, loginPage }) => {
  const violations = await recordViolations(page);
  await loginPage.goto();
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
    return (window as unknown as { injected?: boolean }).injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.map((violation) => violation.directive)).toContain('script-src-elem');
});
