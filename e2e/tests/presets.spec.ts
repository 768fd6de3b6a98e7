import { API_BASE, API_ROUTES, SUCCESS_TOASTS, type LoginResponse } from '@autostudio/protocol';
import { expect, test } from '../support/fixtures';
import { engineCall } from '../support/engine-api';
import { E2E_ADMIN } from '../support/server';

const exposure = async () => (await engineCall('GetPostProcessLite')).ExposureCompensationOut;

test.describe('post-process presets in the look panel', () => {
  test.afterEach(async ({ studio }) => {
    await studio.signOut();
  });

  test('a look saved as a preset is applied, copied, renamed and deleted; a default preset only copies', async ({
    page,
    request,
    enterStudio,
  }) => {
    test.setTimeout(180_000);
    const login = await request.post(`${API_BASE}${API_ROUTES.auth.login}`, { data: E2E_ADMIN });
    const { accessToken } = (await login.json()) as LoginResponse;
    const studioDefault = `Studio neutral ${Date.now()}`;
    const made = await request.post(`${API_BASE}${API_ROUTES.presets.create}`, {
      data: {
        name: studioDefault,
        type: 'postProcess',
        category: 'Studio',
        isDefault: true,
        settings: JSON.stringify({ ExposureCompensation: -1 }),
      },
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(made.status()).toBe(201);

    await enterStudio('Look');
    await page.getByRole('slider', { name: 'Exposure' }).focus();
    await page.keyboard.press('PageUp');
    await expect.poll(exposure).not.toBe(0);
    const saved = await exposure();

    await page.getByRole('button', { name: 'Save look' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save look as preset' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Warm dusk');
    await dialog.getByRole('combobox', { name: 'Category' }).fill('Evening');
    await dialog.getByRole('button', { name: 'Save preset' }).click();
    await expect(page.getByText(SUCCESS_TOASTS.presetCreated)).toBeVisible();
    const presets = page.getByRole('list', { name: 'Presets' });
    await expect(presets.getByRole('button', { name: 'Apply Warm dusk' })).toHaveAttribute('aria-pressed', 'true');

    // Applying puts the saved look back on the engine, over a reset.
    await page.getByRole('button', { name: 'Reset look' }).click();
    await expect.poll(exposure).toBe(0);
    await presets.getByRole('button', { name: 'Apply Warm dusk' }).click();
    await expect.poll(exposure).toBeCloseTo(saved);
    await expect(page.getByRole('slider', { name: 'Exposure' })).toHaveAttribute('aria-valuenow', String(saved));

    await presets.getByRole('button', { name: 'Actions for Warm dusk' }).click();
    await page.getByRole('menuitem', { name: 'Copy' }).click();
    await expect(presets.getByRole('button', { name: 'Apply Warm dusk copy' })).toBeVisible();

    await presets.getByRole('button', { name: 'Actions for Warm dusk copy' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename preset' });
    await rename.getByRole('textbox', { name: 'Name' }).fill('Cool dawn');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(SUCCESS_TOASTS.presetUpdated)).toBeVisible();
    await expect(presets.getByRole('button', { name: 'Apply Cool dawn' })).toBeVisible();

    await presets.getByRole('button', { name: 'Actions for Cool dawn' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete preset?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(SUCCESS_TOASTS.presetDeleted)).toBeVisible();
    await expect(presets.getByRole('button', { name: 'Apply Cool dawn' })).toHaveCount(0);

    // The categories offered: the user's and the default preset's, never `default` itself.
    await page.getByRole('combobox', { name: 'Category' }).click();
    await expect(page.getByRole('option', { name: 'Evening', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: 'default', exact: true })).toHaveCount(0);
    await page.getByRole('option', { name: 'Studio', exact: true }).click();
    await expect(presets.getByRole('button', { name: 'Apply Warm dusk' })).toHaveCount(0);

    // A default preset is everyone's to apply and copy; only administrators and moderators change it.
    await presets.getByRole('button', { name: `Actions for ${studioDefault}` }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Copy']);
    await page.keyboard.press('Escape');
    await presets.getByRole('button', { name: `Apply ${studioDefault}` }).click();
    await expect.poll(exposure).toBe(-1);
  });
});
