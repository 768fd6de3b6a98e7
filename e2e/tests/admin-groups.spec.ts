import { randomUUID } from 'node:crypto';
import { API_BASE, API_ROUTES, FAILURE_TOASTS, SUCCESS_TOASTS } from '@autostudio/protocol';
import { expect, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/axe';
import { expectToast, openAdminPage, rowAction, tableRow } from '../support/admin';
import { signInApi } from '../support/admin-api';
import { E2E_ADMIN } from '../support/server';

test.describe('/admin/user-groups', () => {
  test('an administrator creates a group, finds it, renames it, adds and removes a member and deletes it', async ({
    page,
    loginPage,
    createAccount,
  }) => {
    const member = await createAccount(['user']);
    const name = `Reviewers ${randomUUID().slice(0, 6)}`;
    await openAdminPage(page, loginPage, 'Groups');
    await expectNoSeriousViolations(page, 'groups list');

    // Create, with the form's own check first.
    await page.getByRole('button', { name: 'New group' }).click();
    const create = page.getByRole('dialog', { name: 'New group' });
    await create.getByRole('button', { name: 'Create group' }).click();
    await expect(create.getByText('name is required')).toBeVisible();
    await create.getByLabel('Name', { exact: true }).fill(name);
    await create.getByLabel('Description').fill('Sign off the brochure shots');
    await expectNoSeriousViolations(page, 'new group dialog');
    await create.getByRole('button', { name: 'Create group' }).click();
    await expectToast(page, SUCCESS_TOASTS.groupCreated);
    await expect(create).toHaveCount(0);

    // Found by search, kept in the address.
    await page.getByRole('searchbox', { name: 'Search groups' }).fill(name);
    await expect(page).toHaveURL(/search=Reviewers/);
    await expect(page.getByRole('table', { name: 'Groups' }).getByRole('row')).toHaveCount(2);
    const row = tableRow(page, 'Groups', name);
    await expect(row).toContainText('Sign off the brochure shots');
    await expect(row).toContainText('0 members');

    // Rename.
    await rowAction(row, 'Edit');
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByLabel('Name', { exact: true }).fill(`${name} EU`);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, SUCCESS_TOASTS.groupUpdated);
    await expect(edit).toHaveCount(0);
    const renamed = tableRow(page, 'Groups', `${name} EU`);
    await expect(renamed).toBeVisible();

    // Add a member found by username, then take them out again.
    await rowAction(renamed, 'Members');
    const members = page.getByRole('dialog', { name: `Members of ${name} EU` });
    await members.getByRole('searchbox', { name: 'Find people' }).fill(member.username);
    await members.getByRole('checkbox', { name: new RegExp(member.username) }).click();
    await expectNoSeriousViolations(page, 'members dialog');
    await members.getByRole('button', { name: 'Add', exact: true }).click();
    await expectToast(page, SUCCESS_TOASTS.groupUpdated);
    const listed = members.getByRole('region', { name: 'Members', exact: true });
    await expect(listed).toContainText(member.username);
    await members.getByRole('button', { name: 'Done' }).click();
    await expect(renamed).toContainText('1 member');

    await renamed.getByRole('button', { name: '1 member' }).click();
    await members.getByRole('button', { name: `Remove Riley Tester (${member.username})` }).click();
    await expect(listed).toContainText('No members yet');
    await members.getByRole('button', { name: 'Done' }).click();
    await expect(renamed).toContainText('0 members');

    // Delete, after confirming.
    await rowAction(renamed, 'Delete');
    await expectNoSeriousViolations(page, 'delete group dialog');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete group' }).click();
    await expectToast(page, SUCCESS_TOASTS.groupDeleted);
    await expect(page.getByRole('table', { name: 'Groups' })).toContainText(`No group matches “${name}”.`);
  });

  test('a refused member change says the spec’s text and leaves the members as they were', async ({
    page,
    request,
    loginPage,
    createAccount,
  }) => {
    const admin = await signInApi(request, E2E_ADMIN);
    const member = await signInApi(request, await createAccount(['user']));
    const newcomer = await createAccount(['user']);
    const name = `Refused ${randomUUID().slice(0, 6)}`;
    const created = await request.post(`${API_BASE}${API_ROUTES.groups.create}`, {
      headers: admin.headers,
      data: { name, userIds: [member.userId] },
    });
    expect(created.status(), await created.text()).toBe(201);
    await openAdminPage(page, loginPage, 'Groups');
    await page.getByRole('searchbox', { name: 'Search groups' }).fill(name);
    await expect(page.getByRole('table', { name: 'Groups' }).getByRole('row')).toHaveCount(2);

    await page.route('**/api/user-groups/*/users', (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal Server Error', message: 'Disk full' } }),
    );
    await rowAction(tableRow(page, 'Groups', name), 'Members');
    const members = page.getByRole('dialog', { name: `Members of ${name}` });
    const listed = members.getByRole('region', { name: 'Members', exact: true });
    await expect(listed).toContainText('1 member');

    await members.getByRole('searchbox', { name: 'Find people' }).fill(newcomer.username);
    await members.getByRole('checkbox', { name: new RegExp(newcomer.username) }).click();
    await members.getByRole('button', { name: 'Add', exact: true }).click();
    await expectToast(page, FAILURE_TOASTS.addUsersToGroup);
    await expect(members.getByRole('alert')).toContainText('Disk full');

    await listed.getByRole('button', { name: /^Remove / }).click();
    await expectToast(page, FAILURE_TOASTS.removeUsersFromGroup);
    await expect(listed).toContainText('1 member');
    await expect(listed).not.toContainText(newcomer.username);
  });
  test('a group is created, found and deleted from the keyboard alone', async ({ page, loginPage }) => {
    const name = `Keyboard ${randomUUID().slice(0, 6)}`;
    await openAdminPage(page, loginPage, 'Groups');
    await page.getByRole('button', { name: 'New group' }).focus();
    await page.keyboard.press('Enter');
    const create = page.getByRole('dialog', { name: 'New group' });
    await expect(create.getByLabel('Name', { exact: true })).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await expectToast(page, SUCCESS_TOASTS.groupCreated);
    await expect(create).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New group' })).toBeFocused();

    await page.getByRole('searchbox', { name: 'Search groups' }).focus();
    await page.keyboard.type(name);
    await expect(page.getByRole('table', { name: 'Groups' }).getByRole('row')).toHaveCount(2);
    const actions = tableRow(page, 'Groups', name).getByRole('button', { name: `Actions for ${name}` });
    await actions.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog');
    // Cancel is focused first, so that Enter never deletes by accident.
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expectToast(page, SUCCESS_TOASTS.groupDeleted);
    await expect(page.getByRole('table', { name: 'Groups' })).toContainText(`No group matches “${name}”.`);
  });
});
