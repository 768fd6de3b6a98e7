import { BUILT_IN_PRODUCT } from '@autostudio/protocol';
import { expect, test } from '../support/fixtures';

test.describe('opening a product', () => {
  test('a user chooses the built-in car on /landing and arrives in the studio', async ({
    page,
    loginPage,
    createAccount,
  }) => {
    const account = await createAccount(['user']);
    await loginPage.goto();
    await loginPage.signIn(account.username, account.password);
    await expect(page).toHaveURL('/landing');

    await page.getByRole('button', { name: `Open ${BUILT_IN_PRODUCT.name}` }).click();
    await expect(page).toHaveURL('/home', { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: BUILT_IN_PRODUCT.name })).toBeVisible();
    await expect(page.getByTestId('viewport')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Session' })).toHaveText('Connected');

    // Signing out gives the engine back for the next person.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/login');
  });
});
