import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { E2E_ADMIN } from '../support/server';
import { signInThroughApi } from '../support/sign-in';

// Spec §9 of the configurator issue: no serious or critical axe violations on /landing and /home.
test('/landing and /home (every panel, the gallery) have no serious or critical accessibility violations', async ({
  page,
  createAccount,
  studio,
}) => {
  test.setTimeout(150_000);
  const account = await createAccount(['user']);
  await signInThroughApi(page, account);
  await expect(page.getByRole('button', { name: /^Open / }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await studio.openBuiltInCar();
  await studio.waitForLive();
  await studio.waitForPanels();
  for (const tab of await page.getByRole('tablist', { name: 'Studio panels' }).getByRole('tab').all()) {
    const title = (await tab.getAttribute('aria-label')) ?? '';
    await studio.openPanel(title);
    expect(await seriousViolations(page), title).toEqual([]);
  }
  // The gallery, empty for a new user (render.spec.ts checks it and its viewer with renders in them).
  await page.getByRole('button', { name: 'Gallery', exact: true }).click();
  const gallery = page.getByRole('dialog', { name: 'Gallery' });
  await expect(gallery.getByText('No renders yet')).toBeVisible();
  expect(await seriousViolations(page), 'Gallery').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(gallery).toHaveCount(0);
  // The animation timeline docked under the viewport, with its saved animations open.
  await page.getByRole('button', { name: 'Timeline', exact: true }).click();
  await page
    .getByRole('region', { name: 'Animation timeline' })
    .getByRole('button', { name: 'Saved animations' })
    .click();
  await expect(page.getByRole('searchbox', { name: 'Search animations' })).toBeVisible();
  expect(await seriousViolations(page), 'Timeline').toEqual([]);
  await studio.signOut();
});

test('every admin page has no serious or critical accessibility violations', async ({ page }) => {
  await signInThroughApi(page, E2E_ADMIN);
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('region', { name: 'System status' })).toContainText('reachable');
  expect(await seriousViolations(page), '/admin').toEqual([]);
  const sidebar = page.getByRole('navigation', { name: 'Administration' });
  for (const section of ['Users', 'Groups', 'Presets', 'Configurations', 'Asset models', 'Rendered assets']) {
    await sidebar.getByRole('link', { name: section }).click();
    await expect(page.getByRole('heading', { level: 1, name: section })).toBeVisible();
    // The list has settled: rows, or its empty or failed state, not the loading placeholders.
    await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false');
    expect(await seriousViolations(page), section).toEqual([]);
  }
  await sidebar.getByRole('link', { name: 'System' }).click();
  await expect(page.getByText(/^Live · updated /)).toBeVisible();
  expect(await seriousViolations(page), 'System').toEqual([]);
});

test('the check finds what it is there to find: a picture without words and a button without a name', async ({
  page,
}) => {
  await page.setContent(
    '<html lang="en"><title>t</title><main><img src="x.png"><p id="fine">Fine</p><button></button>',
  );
  expect((await seriousViolations(page)).map((violation) => violation.id).sort()).toEqual(['button-name', 'image-alt']);
  expect(await seriousViolations(page, '#fine')).toEqual([]);
});
