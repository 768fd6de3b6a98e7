import { randomUUID } from 'node:crypto';
import { FAILURE_TOASTS } from '@autostudio/protocol';
import { expect, test } from '../support/fixtures';
import { openAdminPage, tableRow } from '../support/admin';
import { shareWith, uploadModel } from '../support/asset-models';
import { StudioPage } from '../support/studio-page';

// Apart from admin-asset-models.spec.ts, which runs beside the studio's specs: this one takes the engine.
test.describe('an asset model in the studio', () => {
  test('a car uploaded through the page and shared with a user is on their /landing and loads into the stream', async ({
    page,
    loginPage,
    createAccount,
  }) => {
    test.setTimeout(180_000);
    const name = `Nova ${randomUUID().slice(0, 6)}`;
    const driver = await createAccount(['user']);
    await openAdminPage(page, loginPage, 'Asset models');
    await uploadModel(page, name, { category: 'SUV', brand: 'E2E Motors' });
    await page.getByRole('searchbox', { name: 'Search asset models' }).fill(name);
    // Uploaded without a picture: the car icon until the server's rendered preview comes, then the preview, unasked.
    const preview = tableRow(page, 'Asset models', name).locator('img');
    await expect(preview).toBeVisible({ timeout: 90_000 });
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await shareWith(page, name, driver.username);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/login');

    await loginPage.signIn(driver.username, driver.password);
    await expect(page).toHaveURL('/landing');
    await page.getByRole('button', { name: `Open ${name}` }).click();
    await expect(page).toHaveURL('/home', { timeout: 60_000 });
    await expect(page.getByRole('heading', { name })).toBeVisible();
    const studio = new StudioPage(page);
    await studio.waitForLive();
    await studio.waitForPanels();
    await expect(page.getByText(FAILURE_TOASTS.loadSelectedProduct)).toHaveCount(0);
    await studio.signOut();
  });
});
