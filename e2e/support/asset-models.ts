import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { SUCCESS_TOASTS } from '@autostudio/protocol';
import { expectNoSeriousViolations } from './axe';
import { expectToast, rowAction, tableRow } from './admin';

/** The built-in car as the engine's export tool writes it (`npm run engine:export-car`): a real, small GLB. */
export const CAR_GLB = fileURLToPath(new URL('../../apps/engine/assets/terra.glb', import.meta.url));
/** The built-in car's size as the list and the upload bar show it ("4.3"): the file changes when the car does. */
export const CAR_MB = (statSync(CAR_GLB).size / (1024 * 1024)).toFixed(1);

/** Uploads the car through the page's "New asset model" dialog. */
export async function uploadModel(
  page: Page,
  name: string,
  details: { category: string; brand: string },
): Promise<void> {
  await page.getByRole('button', { name: 'New asset model' }).click();
  const dialog = page.getByRole('dialog', { name: 'New asset model' });
  await dialog.getByLabel('Model file').setInputFiles(CAR_GLB);
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Category').fill(details.category);
  await dialog.getByLabel('Type', { exact: true }).fill('car');
  await dialog.getByLabel('Brand').fill(details.brand);
  await dialog.getByLabel('Region').fill('EU');
  await dialog.getByRole('button', { name: 'Upload model' }).click();
  await expectToast(page, SUCCESS_TOASTS.assetModelCreated(name));
  await expect(dialog).toHaveCount(0);
}

/** Shares the row's model with one user through the share dialog. */
export async function shareWith(page: Page, name: string, username: string): Promise<void> {
  await rowAction(tableRow(page, 'Asset models', name), 'Share');
  const share = page.getByRole('dialog', { name: `Share “${name}”` });
  await share.getByRole('searchbox', { name: 'Search people and groups' }).fill(username);
  await share.getByRole('checkbox', { name: new RegExp(username) }).click();
  await expectNoSeriousViolations(page, 'share dialog');
  await share.getByRole('button', { name: 'Share', exact: true }).click();
  await expectToast(page, SUCCESS_TOASTS.assetModelSharedWithUsers(name));
  // createAccount names everyone Riley Tester; the list of who has access shows names.
  await expect(share.getByRole('region', { name: 'Who has access' })).toContainText('Riley Tester');
  await share.getByRole('button', { name: 'Done' }).click();
  await expect(share).toHaveCount(0);
}
