import { randomUUID } from 'node:crypto';
import {
  API_BASE,
  API_ROUTES,
  FAILURE_TOASTS,
  pathTo,
  SUCCESS_TOASTS,
  type LoginResponse,
  type RenderJob,
} from '@autostudio/protocol';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { smallStill } from '../support/render-api';
import { expectNoSeriousViolations } from '../support/axe';
import { expectToast, openAdminPage, rowAction, tableRow } from '../support/admin';
import { E2E_ADMIN } from '../support/server';

/** A small still (192×108, LOW) rendered through the render API, as the studio's Render button would; its asset id. */
async function renderStill(request: APIRequestContext, metadata: { name: string; category: string; brand: string }) {
  const login = await request.post(`${API_BASE}${API_ROUTES.auth.login}`, { data: E2E_ADMIN });
  const { accessToken } = (await login.json()) as LoginResponse;
  const headers = { authorization: `Bearer ${accessToken}` };
  const started = await request.post(`${API_BASE}${API_ROUTES.render.still}`, {
    headers,
    data: smallStill(metadata),
  });
  expect(started.status(), await started.text()).toBe(202);
  const { jobId } = (await started.json()) as RenderJob;
  await expect
    .poll(
      async () => {
        const answer = await request.get(`${API_BASE}${pathTo(API_ROUTES.render.status, { jobId })}`, { headers });
        return ((await answer.json()) as RenderJob).status;
      },
      { timeout: 240_000, intervals: [1000] },
    )
    .toBe('completed');
}

test.describe('/admin/rendered-assets', () => {
  test('an administrator finds a render, filters, opens it, edits, shares and deletes it', async ({
    page,
    request,
    loginPage,
    createAccount,
  }) => {
    test.setTimeout(300_000);
    const name = `Dusk ${randomUUID().slice(0, 6)}`;
    const renamed = `${name} final`;
    await renderStill(request, { name, category: 'Studio', brand: 'E2E Motors' });
    const viewer = await createAccount(['user']);

    await openAdminPage(page, loginPage, 'Rendered assets');
    await expectNoSeriousViolations(page, 'rendered assets list');

    // Found by search and by filters, kept in the address.
    await page.getByRole('searchbox', { name: 'Search rendered assets' }).fill(name);
    await expect(page).toHaveURL(/search=Dusk/);
    const row = tableRow(page, 'Rendered assets', name);
    await expect(row).toContainText('Still');
    await expect(row).toContainText('Studio');
    await expect(row).toContainText('E2E Motors');
    await expect(page.getByRole('table', { name: 'Rendered assets' }).getByRole('row')).toHaveCount(2);
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Still' }).click();
    await expect(page).toHaveURL(/type=image/);
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Studio' }).click();
    await expect(page).toHaveURL(/category=Studio/);
    await expect(row).toBeVisible();

    // Open it: the gallery's viewer, its passes and downloads; Rename there edits it.
    await row.getByRole('button', { name: `Open ${name}` }).click();
    const view = page.getByRole('dialog', { name });
    const beauty = view.getByRole('img', { name: `${name}, Beauty` });
    await expect(beauty).toBeVisible();
    await expect.poll(() => beauty.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(192);
    await expect(view.getByRole('link', { name: 'Download Beauty' })).toBeVisible();
    await expectNoSeriousViolations(page, 'rendered asset viewer');
    await view.getByRole('button', { name: 'Rename' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByLabel('Name', { exact: true }).fill(renamed);
    await edit.getByLabel('Brand').fill('E2E Cars');
    await expectNoSeriousViolations(page, 'edit rendered asset dialog');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, SUCCESS_TOASTS.renderedAssetUpdated(renamed));
    await expect(edit).toHaveCount(0);
    await expect(row).toContainText('E2E Cars');

    // Share with a user.
    const renamedRow = tableRow(page, 'Rendered assets', renamed);
    await rowAction(renamedRow, 'Share');
    const share = page.getByRole('dialog', { name: `Share “${renamed}”` });
    await share.getByRole('searchbox', { name: 'Search people and groups' }).fill(viewer.username);
    await share.getByRole('checkbox', { name: new RegExp(viewer.username) }).click();
    await expectNoSeriousViolations(page, 'share dialog');
    await share.getByRole('button', { name: 'Share', exact: true }).click();
    await expectToast(page, SUCCESS_TOASTS.accessShared);
    await expect(share.getByRole('region', { name: 'Who has access' })).toContainText('Riley Tester');
    await share.getByRole('button', { name: 'Done' }).click();
    await expect(share).toHaveCount(0);

    // Delete, after confirming.
    await rowAction(renamedRow, 'Delete');
    await expectNoSeriousViolations(page, 'delete confirmation');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete rendered asset' }).click();
    await expectToast(page, SUCCESS_TOASTS.renderedAssetDeleted);
    await expect(page.getByRole('table', { name: 'Rendered assets' })).toContainText(
      `No rendered asset matches “${name}”.`,
    );
    expect(FAILURE_TOASTS.fetchAssetRendered).toBe('Failed to fetch asset rendered');
  });
});
