import { randomUUID } from 'node:crypto';
import { test as base, expect } from '@playwright/test';
import { API_BASE, API_ROUTES, type LoginResponse, type Role } from '@autostudio/protocol';
import { IdentityProviderPage } from './identity-provider-page';
import { LoginPage } from './login-page';
import { videoPicture } from './picture';
import { StudioPage } from './studio-page';
import { E2E_ADMIN } from './server';
import { signInThroughApi } from './sign-in';

export interface Account {
  username: string;
  password: string;
}

export const test = base.extend<{
  loginPage: LoginPage;
  studio: StudioPage;
  identityProvider: IdentityProviderPage;
  /** Creates a fresh account through the API, as the administrator would. */
  createAccount: (roles?: Role[]) => Promise<Account>;
  /**
   * A new user signs in, opens the built-in car and waits until the stream shows it and the panels have read the
   * engine; then the given panel is opened. Sign out at the end: the test engine is shared.
   */
  enterStudio: (panel?: string) => Promise<void>;
  /** The same for a given account (an owner coming back, a guest). */
  enterStudioAs: (account: Account, panel?: string) => Promise<void>;
}>({
  loginPage: async ({ page }, use) => {
    await use(new LoginPage(page));
  },
  studio: async ({ page }, use) => {
    await use(new StudioPage(page));
  },
  identityProvider: async ({ page }, use) => {
    await use(new IdentityProviderPage(page));
  },
  createAccount: async ({ request }, use) => {
    const login = await request.post(`${API_BASE}${API_ROUTES.auth.login}`, { data: E2E_ADMIN });
    expect(login.ok()).toBe(true);
    const { accessToken } = (await login.json()) as LoginResponse;
    await use(async (roles = ['user']) => {
      const account = { username: `user-${randomUUID().slice(0, 8)}`, password: 'e2e-user-password' };
      const created = await request.post(`${API_BASE}${API_ROUTES.users.create}`, {
        data: { ...account, name: 'Riley Tester', roles },
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(created.status()).toBe(201);
      return account;
    });
  },
  enterStudio: async ({ createAccount, enterStudioAs }, use) => {
    await use(async (panel) => enterStudioAs(await createAccount(['user']), panel));
  },
  enterStudioAs: async ({ page, studio }, use) => {
    await use(async (account, panel) => {
      await signInThroughApi(page, account);
      await studio.openBuiltInCar();
      await studio.waitForLive();
      await studio.waitForPanels();
      if (panel) await studio.openPanel(panel);
      await expect.poll(async () => (await videoPicture(page)).spread, { timeout: 20_000 }).toBeGreaterThan(8);
    });
  },
});

export { expect };
