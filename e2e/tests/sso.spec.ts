import { STATE_MESSAGES } from '@autostudio/protocol';
import { TEST_SSO_ACCOUNTS } from '@autostudio/server/testing/sso-accounts';
import { expect, test } from '../support/fixtures';

test.describe('single sign-on', () => {
  test('an administrator at the provider lands in the admin console', async ({ page, loginPage, identityProvider }) => {
    await loginPage.goto();
    await page.getByRole('link', { name: 'Sign in with single sign-on' }).click();
    await identityProvider.signIn('ada', TEST_SSO_ACCOUNTS.ada.password);
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();
  });

  test('a user at the provider lands on the landing page', async ({ page, loginPage, identityProvider }) => {
    await loginPage.goto();
    await page.getByRole('link', { name: 'Sign in with single sign-on' }).click();
    await identityProvider.signIn('sam', TEST_SSO_ACCOUNTS.sam.password);
    await expect(page).toHaveURL('/landing');
    await expect(page.getByRole('heading', { name: 'Welcome, Sam Sketcher' })).toBeVisible();
    // The tokens came in the address; they must not stay there.
    expect(page.url()).not.toContain('token');
  });

  test('cancelling at the provider returns to the login screen with the spec message', async ({
    page,
    loginPage,
    identityProvider,
  }) => {
    await loginPage.goto();
    await page.getByRole('link', { name: 'Sign in with single sign-on' }).click();
    await identityProvider.cancel();
    await expect(page).toHaveURL('/login');
    await expect(loginPage.error()).toHaveText(STATE_MESSAGES.ssoLoginFailed);
  });
});
