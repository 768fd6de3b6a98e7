import { STATE_MESSAGES, STORAGE_KEYS } from '@autostudio/protocol';
import { expect, test } from '../support/fixtures';
import { E2E_ADMIN } from '../support/server';

test.describe('signing in', () => {
  test('the administrator signs in and lands in the admin console', async ({ page, loginPage }) => {
    await loginPage.goto();
    await loginPage.signIn(E2E_ADMIN.username, E2E_ADMIN.password);
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();
    // The system status card shows live figures from the server.
    await expect(page.getByText(/SQLite · reachable/)).toBeVisible();
  });

  test('a user signs in and lands on the landing page', async ({ page, loginPage, createAccount }) => {
    const account = await createAccount(['user']);
    await loginPage.goto();
    await loginPage.signIn(account.username, account.password);
    await expect(page).toHaveURL('/landing');
    await expect(page.getByRole('heading', { name: 'Welcome, Riley Tester' })).toBeVisible();
  });

  test('a wrong password shows the spec message and keeps the user on /login', async ({ page, loginPage }) => {
    await loginPage.goto();
    await loginPage.signIn(E2E_ADMIN.username, 'not-the-password');
    await expect(loginPage.error()).toHaveText(STATE_MESSAGES.loginFailedCheckCredentials);
    await expect(page).toHaveURL('/login');
    await expect(page.getByLabel('Password')).toBeFocused();
  });

  test('empty fields are flagged before anything is sent', async ({ page, loginPage }) => {
    await loginPage.goto();
    let sent = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/login')) sent = true;
    });
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('username is required')).toBeVisible();
    expect(sent).toBe(false);
  });

  test('a single sign-on error in the URL is shown on the login screen', async ({ page }) => {
    await page.goto(`/login?error=${encodeURIComponent(STATE_MESSAGES.ssoLoginFailed)}`);
    await expect(page.getByRole('alert')).toHaveText(STATE_MESSAGES.ssoLoginFailed);
    await expect(page).toHaveURL('/login');
  });

  test('tokens in the URL sign the user in', async ({ page, request, createAccount }) => {
    const account = await createAccount(['user']);
    const login = await request.post('/api/auth/login', { data: account });
    const { accessToken, refreshToken } = (await login.json()) as { accessToken: string; refreshToken: string };
    await page.goto(`/login?token=${accessToken}&refresh_token=${refreshToken}`);
    await expect(page).toHaveURL('/landing');
  });
});

test.describe('routes and guards', () => {
  test('an unknown path goes to / and from there to /login when signed out', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL('/login');
  });

  test('an unknown path takes a signed-in user home through /', async ({ page, loginPage, createAccount }) => {
    const account = await createAccount(['user']);
    await loginPage.goto();
    await loginPage.signIn(account.username, account.password);
    await expect(page).toHaveURL('/landing');
    await page.goto('/somewhere/else');
    await expect(page).toHaveURL('/landing');
  });

  test('a signed-in user who reloads /landing stays signed in', async ({ page, loginPage, createAccount }) => {
    const account = await createAccount(['user']);
    await loginPage.goto();
    await loginPage.signIn(account.username, account.password);
    await expect(page).toHaveURL('/landing');
    await page.reload();
    await expect(page).toHaveURL('/landing');
    await expect(page.getByRole('heading', { name: 'Welcome, Riley Tester' })).toBeVisible();
  });

  test('an expired access token is refreshed on reload', async ({ page, loginPage, createAccount }) => {
    const account = await createAccount(['user']);
    await loginPage.goto();
    await loginPage.signIn(account.username, account.password);
    await expect(page).toHaveURL('/landing');
    await page.evaluate((key) => sessionStorage.setItem(key, 'expired.or.forged'), STORAGE_KEYS.accessToken);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome, Riley Tester' })).toBeVisible();
    const stored = await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEYS.accessToken);
    expect(stored).not.toBe('expired.or.forged');
  });

  test('a user without the admin role is sent from /admin to /landing', async ({ page, loginPage, createAccount }) => {
    const account = await createAccount(['user']);
    await loginPage.goto();
    await loginPage.signIn(account.username, account.password);
    await expect(page).toHaveURL('/landing');
    await page.goto('/admin');
    await expect(page).toHaveURL('/landing');
  });

  test('/home without a loaded product goes to /landing', async ({ page, loginPage, createAccount }) => {
    const account = await createAccount(['user']);
    await loginPage.goto();
    await loginPage.signIn(account.username, account.password);
    await expect(page).toHaveURL('/landing');
    await page.goto('/home');
    await expect(page).toHaveURL('/landing');
  });

  test('signing out ends the session', async ({ page, loginPage, createAccount }) => {
    const account = await createAccount(['user']);
    await loginPage.goto();
    await loginPage.signIn(account.username, account.password);
    await expect(page).toHaveURL('/landing');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/login');
    await page.goto('/landing');
    await expect(page).toHaveURL('/login');
  });

  test('an authenticated visitor of /login is sent home', async ({ page, loginPage }) => {
    await loginPage.goto();
    await loginPage.signIn(E2E_ADMIN.username, E2E_ADMIN.password);
    await expect(page).toHaveURL('/admin');
    await page.goto('/login');
    await expect(page).toHaveURL('/admin');
  });
});

test.describe('theme', () => {
  test('is dark by default and the choice survives a reload', async ({ page, loginPage }) => {
    await loginPage.goto();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.getByRole('radio', { name: 'Light' }).click();
    await expect(page.locator('html')).toHaveClass(/light/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/light/);
    await expect(page.getByRole('radio', { name: 'Light' })).toHaveAttribute('aria-checked', 'true');
    expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('light');
  });

  test('system follows the operating system preference', async ({ page, loginPage }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await loginPage.goto();
    await page.getByRole('radio', { name: 'System' }).click();
    await expect(page.locator('html')).toHaveClass(/light/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/dark/);
  });
});
