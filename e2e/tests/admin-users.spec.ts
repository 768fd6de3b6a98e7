import { randomUUID } from 'node:crypto';
import { API_BASE, API_ROUTES, FAILURE_TOASTS, SUCCESS_TOASTS } from '@autostudio/protocol';
import { expect, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/axe';
import { expectToast, openAdminPage, rowAction, tableRow } from '../support/admin';
import { E2E_ADMIN } from '../support/server';
import { signInThroughApi } from '../support/sign-in';

test.describe('/admin/users', () => {
  test('an administrator creates a user, finds them, edits them, resets their password and deletes them', async ({
    page,
    loginPage,
  }) => {
    const username = `ada-${randomUUID().slice(0, 6)}`;
    await openAdminPage(page, loginPage, 'Users');
    await expectNoSeriousViolations(page, 'users list');

    // Create, with the server's checks shown in the form first.
    await page.getByRole('button', { name: 'New user' }).click();
    const create = page.getByRole('dialog', { name: 'New user' });
    await create.getByLabel('Username', { exact: true }).fill(username);
    await create.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await create.getByLabel('Password', { exact: true }).fill('short');
    await create.getByRole('button', { name: 'Create user' }).click();
    await expect(create.getByText('password must be at least 8 characters')).toBeVisible();
    await create.getByLabel('Password', { exact: true }).fill('analytical-engine');
    await create.getByRole('checkbox', { name: 'moderator' }).check();
    await expectNoSeriousViolations(page, 'new user dialog');
    await create.getByRole('button', { name: 'Create user' }).click();
    await expectToast(page, SUCCESS_TOASTS.userCreated);
    await expect(create).toHaveCount(0);

    // Found by search, kept in the address.
    await page.getByRole('searchbox', { name: 'Search users' }).fill(username);
    await expect(page).toHaveURL(new RegExp(`search=${username}`));
    const row = tableRow(page, 'Users', username);
    await expect(row).toContainText('Ada Lovelace');
    await expect(row).toContainText('moderator');
    await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);

    // Edit the name and roles.
    await rowAction(row, 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit Ada Lovelace' });
    await edit.getByLabel('Name', { exact: true }).fill('Ada King');
    await edit.getByRole('checkbox', { name: 'moderator' }).uncheck();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toHaveCount(0);
    await expectToast(page, SUCCESS_TOASTS.userUpdated);
    await expect(row).toContainText('Ada King');
    await expect(row).not.toContainText('moderator');

    // Reset the password: the new one signs in.
    await rowAction(row, 'Reset password');
    const reset = page.getByRole('dialog', { name: 'Reset the password of Ada King' });
    await reset.getByLabel('New password', { exact: true }).fill('difference-engine');
    await reset.getByLabel('Repeat the new password').fill('difference-engine');
    await reset.getByRole('button', { name: 'Reset password' }).click();
    await expect(reset).toHaveCount(0);
    await expectToast(page, SUCCESS_TOASTS.userUpdated);
    const signIn = await page.request.post(`${API_BASE}${API_ROUTES.auth.login}`, {
      data: { username, password: 'difference-engine' },
    });
    expect(signIn.ok(), await signIn.text()).toBe(true);

    // Delete, after confirming.
    await rowAction(row, 'Delete');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete user' }).click();
    await expectToast(page, SUCCESS_TOASTS.userDeleted);
    await expect(page.getByRole('table', { name: 'Users' })).toContainText(`No user matches “${username}”.`);
    expect(FAILURE_TOASTS.fetchUsers).toBe('Failed to fetch Users');
  });

  test('works from the keyboard: create with Enter, the row menu with arrows, Cancel focused first on delete', async ({
    page,
    loginPage,
  }) => {
    const username = `kb-${randomUUID().slice(0, 6)}`;
    await openAdminPage(page, loginPage, 'Users');
    await page.getByRole('button', { name: 'New user' }).focus();
    await page.keyboard.press('Enter');
    const create = page.getByRole('dialog', { name: 'New user' });
    await expect(create.getByLabel('Username', { exact: true })).toBeFocused();
    await page.keyboard.type(username);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Kay Board');
    await page.keyboard.press('Tab');
    await page.keyboard.type('typed-on-keys');
    await page.keyboard.press('Enter');
    await expectToast(page, SUCCESS_TOASTS.userCreated);

    await page.getByRole('searchbox', { name: 'Search users' }).fill(username);
    // The search has been answered (the header row and one user), so no refresh comes while the menu is open.
    await expect(page).toHaveURL(new RegExp(`search=${username}`));
    await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
    const row = tableRow(page, 'Users', username);
    const actions = row.getByRole('button', { name: 'Actions for Kay Board' });
    // A dialog opened from the row's menu hands focus back to the menu's button when it closes.
    await actions.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Edit Kay Board' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(actions).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Reset password' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expectToast(page, SUCCESS_TOASTS.userDeleted);
    await expect(page.getByRole('table', { name: 'Users' })).toContainText(`No user matches “${username}”.`);
  });

  test('an administrator cannot take away their own admin role or delete themselves', async ({ page, loginPage }) => {
    await openAdminPage(page, loginPage, 'Users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(E2E_ADMIN.username);
    const me = tableRow(page, 'Users', 'You');
    await me.getByRole('button', { name: /^Actions for / }).click();
    await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page.getByRole('checkbox', { name: 'admin' })).toBeDisabled();
    await expect(page.getByText('You cannot remove your own admin role')).toBeVisible();
  });

  test('a user without the admin role is sent from every admin page to /landing', async ({ page, createAccount }) => {
    const account = await createAccount(['user', 'moderator']);
    await signInThroughApi(page, account);
    await expect(page).toHaveURL('/landing');
    for (const path of ['/admin/users', '/admin/user-groups', '/admin/presets', '/admin/configs']) {
      await page.goto(path);
      await expect(page).toHaveURL('/landing');
    }
  });
});
