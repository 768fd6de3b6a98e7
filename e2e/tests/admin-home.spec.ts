import { newestAssetModelName, signInApi } from '../support/admin-api';
import { expect, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/axe';
import { E2E_ADMIN } from '../support/server';
import { signInThroughApi } from '../support/sign-in';

test('the admin home counts each kind of item, links to its page, shows the system and leads into the studio', async ({
  page,
  createAccount,
}) => {
  await signInThroughApi(page, E2E_ADMIN);
  await expect(page).toHaveURL('/admin');
  const counts = page.getByRole('navigation', { name: 'Counts' });
  const users = counts.getByRole('link', { name: /^Users: \d+$/ });
  const count = async () => Number((await users.getAttribute('aria-label'))?.split(': ')[1] ?? Number.NaN);
  const before = await count();
  expect(before).toBeGreaterThanOrEqual(1);

  await createAccount(['user']);
  // Read before the reload: an upload beside this spec then only adds to the page's recent models.
  const newest = await newestAssetModelName(page.request, await signInApi(page.request, E2E_ADMIN));
  await page.reload();
  // At least one more: the console's specs, which run beside this one, create users too.
  await expect.poll(count).toBeGreaterThan(before);
  await expect(page.getByRole('region', { name: 'Asset models' })).toContainText(newest);
  await expect(page.getByRole('region', { name: 'System status' })).toContainText('reachable');
  // Who holds the render queue, with the limits it keeps (RENDER_QUEUE_PER_USER, RENDER_RUNNING_PER_USER).
  await expect(page.getByRole('region', { name: 'Render queue' })).toContainText(/Each user may have \d+ jobs waiting/);
  await expectNoSeriousViolations(page, 'admin home');

  await users.click();
  await expect(page).toHaveURL('/admin/users');
  await page.getByRole('link', { name: 'Overview' }).click();
  await page.getByRole('main').getByRole('link', { name: 'Open the studio' }).click();
  await expect(page).toHaveURL('/landing');
  await expect(page.getByRole('button', { name: /^Open / }).first()).toBeVisible();
});
