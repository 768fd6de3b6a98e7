import { randomUUID } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
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

/** The administrator's access token, for the calls that set a test up. */
async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post(`${API_BASE}${API_ROUTES.auth.login}`, { data: E2E_ADMIN });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as LoginResponse).accessToken;
}

/** Creates a fresh account through the API, as the administrator would. */
async function createAccountThroughApi(
  request: APIRequestContext,
  admin: Promise<string>,
  roles: Role[] = ['user'],
): Promise<Account> {
  const account = { username: `user-${randomUUID().slice(0, 8)}`, password: 'e2e-user-password' };
  const created = await request.post(`${API_BASE}${API_ROUTES.users.create}`, {
    data: { ...account, name: 'Riley Tester', roles },
    headers: { authorization: `Bearer ${await admin}` },
  });
  expect(created.status()).toBe(201);
  return account;
}

/**
 * Signs in, opens the built-in car and waits until the stream shows it and the panels have read the engine; then the
 * given panel is opened.
 */
async function enterStudioOn(page: Page, account: Account, panel?: string): Promise<StudioPage> {
  const studio = new StudioPage(page);
  await signInThroughApi(page, account);
  await studio.openBuiltInCar();
  await studio.waitForLive();
  await studio.waitForPanels();
  if (panel) await studio.openPanel(panel);
  await expect.poll(async () => (await videoPicture(page)).spread, { timeout: 20_000 }).toBeGreaterThan(8);
  return studio;
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
    // One administrator sign-in for all the accounts a test creates: each costs a password hash on the server.
    let admin: Promise<string> | null = null;
    await use((roles) => createAccountThroughApi(request, (admin ??= adminToken(request)), roles));
  },
  enterStudio: async ({ createAccount, enterStudioAs }, use) => {
    await use(async (panel) => enterStudioAs(await createAccount(['user']), panel));
  },
  enterStudioAs: async ({ page }, use) => {
    await use(async (account, panel) => {
      await enterStudioOn(page, account, panel);
    });
  },
});

/**
 * One studio for the tests of a describe block: a new user enters it once, before the first test, and signs out
 * after the last. Entering takes about 10 s, and most panel tests need nothing but a live studio. The tests run in
 * order on the one page, each going on from the state the one before left (serial: after a failure the rest are
 * skipped). Use `shared.page` and `shared.studio` in place of the `page` and `studio` fixtures.
 */
export function studioForTheseTests(panel?: string): { readonly page: Page; readonly studio: StudioPage } {
  let page: Page | null = null;
  let studio: StudioPage | null = null;
  // 120 s a test: the panel specs' slowest steps wait for the engine to render, several times slower on a busy host.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(150_000);
    // A context of its own (not browser.newPage()'s hidden one): axe analyses only pages of a context it can see.
    page = await (await browser.newContext()).newPage();
    const account = await createAccountThroughApi(page.request, adminToken(page.request));
    studio = await enterStudioOn(page, account, panel);
  });
  test.afterAll(async () => {
    await studio?.signOut();
    await page?.context().close();
  });
  return {
    get page() {
      if (!page) throw new Error('The studio has not been entered');
      return page;
    },
    get studio() {
      if (!studio) throw new Error('The studio has not been entered');
      return studio;
    },
  };
}

export { expect };
