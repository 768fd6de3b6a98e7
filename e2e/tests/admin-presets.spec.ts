import { randomUUID } from 'node:crypto';
import { API_BASE, API_ROUTES, SUCCESS_TOASTS, pathTo, type Preset } from '@autostudio/protocol';
import { expect, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/axe';
import { expectToast, openAdminPage, rowAction, tableRow } from '../support/admin';
import { createPresetApi, signInApi } from '../support/admin-api';

test.describe('/admin/presets', () => {
  test('an administrator finds a user’s presets by type, edits one with checked JSON, makes it default, copies, shares and deletes', async ({
    page,
    request,
    loginPage,
    createAccount,
  }) => {
    // Presets are made in the studio; here a user makes theirs through the API, and the administrator sees them.
    const owner = await signInApi(request, await createAccount(['user']));
    const colleague = await createAccount(['user']);
    const tag = randomUUID().slice(0, 6);
    const look = await createPresetApi(request, owner, {
      name: `Warm look ${tag}`,
      type: 'postProcess',
      category: `Evening ${tag}`,
      settings: JSON.stringify({ GlobalSaturation: 1.1 }),
    });
    await createPresetApi(request, owner, {
      name: `Orbit ${tag}`,
      type: 'animation',
      category: `Turntables ${tag}`,
      settings: JSON.stringify({ frames: [] }),
    });

    await openAdminPage(page, loginPage, 'Presets');
    await expectNoSeriousViolations(page, 'presets list');
    const table = page.getByRole('table', { name: 'Presets' });
    await page.getByRole('searchbox', { name: 'Search presets' }).fill(tag);
    await expect(table.getByRole('row')).toHaveCount(3);

    // Filtered by type, in the address.
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Animation' }).click();
    await expect(page).toHaveURL(/type=animation/);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(tableRow(page, 'Presets', `Orbit ${tag}`)).toContainText('Animation');
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Post-process' }).click();
    await expect(table.getByRole('row')).toHaveCount(2);
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: `Evening ${tag}` }).click();
    await expect(page).toHaveURL(/category=Evening/);
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = tableRow(page, 'Presets', `Warm look ${tag}`);
    await expect(row).toContainText(`Evening ${tag}`);
    await expect(row).toContainText('Private');

    // Edit: broken JSON is refused with where it breaks; fixed, it saves.
    await rowAction(row, 'Edit');
    const edit = page.getByRole('dialog', { name: `Edit Warm look ${tag}` });
    await edit.getByLabel('Name', { exact: true }).fill(`Warmer look ${tag}`);
    const settings = edit.getByLabel('Settings (JSON)');
    await settings.fill('{\n  "GlobalSaturation": 1.3,\n}');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit.getByText('Settings are not valid JSON. Line 3, column 1')).toBeVisible();
    await expectNoSeriousViolations(page, 'edit preset dialog');
    await settings.fill('{\n  "GlobalSaturation": 1.3\n}');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, SUCCESS_TOASTS.presetUpdated);
    await expect(edit).toHaveCount(0);
    const saved = await request.get(`${API_BASE}${pathTo(API_ROUTES.presets.byId, { id: look.id })}`, {
      headers: owner.headers,
    });
    expect(((await saved.json()) as Preset).settings).toBe('{"GlobalSaturation":1.3}');
    const warmer = tableRow(page, 'Presets', `Warmer look ${tag}`);

    // A default, then a copy of it: the copy is the administrator's own and not a default.
    await rowAction(warmer, 'Make default');
    await expectToast(page, SUCCESS_TOASTS.presetUpdated);
    await expect(warmer).toContainText('Default');
    await rowAction(warmer, 'Copy');
    await expectToast(page, SUCCESS_TOASTS.presetCreated);
    const copy = tableRow(page, 'Presets', `Warmer look ${tag} copy`);
    await expect(copy).toBeVisible();
    await expect(copy).not.toContainText('Default');

    // Shared with a colleague.
    await rowAction(copy, 'Share');
    const share = page.getByRole('dialog', { name: `Share “Warmer look ${tag} copy”` });
    await share.getByRole('searchbox', { name: 'Search people and groups' }).fill(colleague.username);
    await share.getByRole('checkbox', { name: new RegExp(colleague.username) }).click();
    await expectNoSeriousViolations(page, 'share preset dialog');
    await share.getByRole('button', { name: 'Share', exact: true }).click();
    await expectToast(page, SUCCESS_TOASTS.accessShared);
    await share.getByRole('button', { name: 'Done' }).click();
    await expect(copy).toContainText('1 user');

    // Deleted, after confirming; the default goes back to being a plain preset first.
    await rowAction(copy, 'Delete');
    await expectNoSeriousViolations(page, 'delete preset dialog');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete preset' }).click();
    await expectToast(page, SUCCESS_TOASTS.presetDeleted);
    await expect(copy).toHaveCount(0);
    await rowAction(warmer, 'Remove default');
    await expectToast(page, SUCCESS_TOASTS.presetUpdated);
    await expect(warmer).not.toContainText('Default');
  });
});
