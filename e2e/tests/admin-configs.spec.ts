import { randomUUID } from 'node:crypto';
import {
  API_BASE,
  API_ROUTES,
  BUILT_IN_PRODUCT,
  STORAGE_KEYS,
  SUCCESS_TOASTS,
  type AssetModel,
  type ListResult,
} from '@autostudio/protocol';
import { expect, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/axe';
import { expectToast, openAdminPage, rowAction, tableRow } from '../support/admin';
import { createConfigApi, signInApi } from '../support/admin-api';

test.describe('/admin/configs', () => {
  test('an administrator browses a user’s configuration with its snapshot, shares it and deletes it', async ({
    page,
    request,
    loginPage,
    createAccount,
  }) => {
    const ownerAccount = await createAccount(['user']);
    const owner = await signInApi(request, ownerAccount);
    const colleague = await createAccount(['user']);
    const name = `Showroom ${randomUUID().slice(0, 6)}`;
    await createConfigApi(request, owner, {
      name,
      description: 'Night shot for the brochure',
      product: { id: 'no-such-car', name: 'Terra' },
    });

    await openAdminPage(page, loginPage, 'Configurations');
    await expectNoSeriousViolations(page, 'configurations list');
    await page.getByRole('searchbox', { name: 'Search configurations' }).fill(name);
    await expect(page).toHaveURL(/search=Showroom/);
    await expect(page.getByRole('table', { name: 'Configurations' }).getByRole('row')).toHaveCount(2);
    const row = tableRow(page, 'Configurations', name);
    await expect(row).toContainText('Night shot for the brochure');
    await expect(row).toContainText('Terra');
    // The Owner column names whose it is.
    await expect(row.getByRole('cell', { name: ownerAccount.username, exact: true })).toBeVisible();
    const snapshot = row.getByRole('img', { name: `Preview of ${name}` });
    await expect(snapshot).toBeVisible();
    await expect.poll(() => snapshot.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(160);

    await rowAction(row, 'Share');
    const share = page.getByRole('dialog', { name: `Share “${name}”` });
    await share.getByRole('searchbox', { name: 'Search people and groups' }).fill(colleague.username);
    await share.getByRole('checkbox', { name: new RegExp(colleague.username) }).click();
    await expectNoSeriousViolations(page, 'share configuration dialog');
    await share.getByRole('button', { name: 'Share', exact: true }).click();
    await expectToast(page, SUCCESS_TOASTS.accessShared);
    await share.getByRole('button', { name: 'Done' }).click();
    await expect(row).toContainText('1 user');

    await rowAction(row, 'Delete');
    await expectNoSeriousViolations(page, 'delete configuration dialog');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete configuration' }).click();
    await expectToast(page, SUCCESS_TOASTS.configurationDeleted);
    await expect(page.getByRole('table', { name: 'Configurations' })).toContainText(
      `No configuration matches “${name}”.`,
    );
  });

  test('Open in studio makes a configuration saved without a car the current one, and asks for a car', async ({
    page,
    request,
    loginPage,
    createAccount,
  }) => {
    const owner = await signInApi(request, await createAccount(['user']));
    const name = `Carless ${randomUUID().slice(0, 6)}`;
    const config = await createConfigApi(request, owner, { name, product: null });
    await openAdminPage(page, loginPage, 'Configurations');
    await page.getByRole('searchbox', { name: 'Search configurations' }).fill(name);
    await expect(page.getByRole('table', { name: 'Configurations' }).getByRole('row')).toHaveCount(2);
    await rowAction(tableRow(page, 'Configurations', name), 'Open in studio');
    await expect(page).toHaveURL('/landing');
    const key = STORAGE_KEYS.currentConfigId;
    expect(await page.evaluate((name) => sessionStorage.getItem(name), key)).toBe(config.id);
  });

  test('Open in studio loads the configuration’s car and puts the studio on the configuration', async ({
    page,
    request,
    loginPage,
    createAccount,
    studio,
  }) => {
    test.setTimeout(180_000);
    const owner = await signInApi(request, await createAccount(['user']));
    const models = await request.get(
      `${API_BASE}${API_ROUTES.assetModels.filtered}?page=1&limit=10&search=${BUILT_IN_PRODUCT.name}`,
      { headers: owner.headers },
    );
    const car = ((await models.json()) as ListResult<AssetModel>).items.find(
      (model) => model.name === BUILT_IN_PRODUCT.name,
    );
    if (!car) throw new Error('The built-in car is not listed');
    const name = `Studio ${randomUUID().slice(0, 6)}`;
    await createConfigApi(request, owner, { name, product: { id: car.id, name: car.name } });

    await openAdminPage(page, loginPage, 'Configurations');
    await page.getByRole('searchbox', { name: 'Search configurations' }).fill(name);
    await expect(page.getByRole('table', { name: 'Configurations' }).getByRole('row')).toHaveCount(2);
    await rowAction(tableRow(page, 'Configurations', name), 'Open in studio');
    try {
      await expect(page).toHaveURL('/home', { timeout: 90_000 });
      await studio.waitForLive();
      await expectToast(page, SUCCESS_TOASTS.configurationLoaded);
      await expect(page.getByTitle('Current configuration')).toHaveText(name);
    } finally {
      await studio.signOut();
    }
  });
});
