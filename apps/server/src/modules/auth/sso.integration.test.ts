import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_RETURN_PARAMS, PRODUCT_MESSAGES, STATE_MESSAGES, type User } from '@autostudio/protocol';
import { openDatabase } from '../../db/database.js';
import { startTestOidcProvider, type TestOidcProvider } from '../../test/oidc-test-provider.js';
import { TEST_SSO_ACCOUNTS, TEST_SSO_CLIENT, type TestSsoAccount } from '../../test/sso-test-accounts.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { freePort } from '../engines/free-port.js';
import { TestBrowser, type Arrival } from '../../test/test-browser.js';
import { testDatabases } from '../../test/test-databases.js';
import { ssoRedirectUri } from './sso.routes.js';

const FAILED = `/login?error=${encodeURIComponent(STATE_MESSAGES.ssoLoginFailed)}`;

describe.each(testDatabases)('single sign-on on $name', (database) => {
  // The suite's own people: the shared ones, a `sam` whose roles it changes, and two with awkward claims.
  const accounts: Record<string, TestSsoAccount> = {
    ...TEST_SSO_ACCOUNTS,
    sam: { ...TEST_SSO_ACCOUNTS.sam, claims: { ...TEST_SSO_ACCOUNTS.sam.claims } },
    grace: {
      subject: 'e5d1-grace',
      password: 'grace-sso-password',
      claims: { preferred_username: 'Grace', name: 'Grace from SSO', roles: 'moderator, client' },
    },
    ghost: { subject: 'f00d-ghost', password: 'ghost-sso-password', claims: { name: 'Nameless' } },
  };
  let provider: TestOidcProvider;
  let t: TestApp;
  let publicUrl: string;

  beforeAll(async () => {
    // The callback address must be known before the server starts: the provider registers it.
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    provider = await startTestOidcProvider({ redirectUris: [ssoRedirectUri(publicUrl)], accounts });
    t = await startTestApp(database, {
      publicUrl,
      sso: { issuer: provider.issuer, ...TEST_SSO_CLIENT, rolesClaim: 'roles' },
    });
    await t.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  const isCallback = (url: URL) => url.pathname.endsWith('/api/auth/sso/callback');
  const isLoginPage = (url: URL) => url.origin === publicUrl && url.pathname === '/login';

  /** From the sign-in button to the provider's sign-in form. */
  async function openProviderForm(browser: TestBrowser): Promise<URL> {
    const form = await browser.navigate(new URL('/api/auth/sso/login', publicUrl));
    if ('stopped' in form) throw new Error('expected the provider sign-in page');
    expect(form.url.origin).toBe(provider.issuer);
    expect(form.body).toContain('Test identity provider');
    const action = /<form method="post" action="([^"]+)"/.exec(form.body)?.[1];
    if (!action) throw new Error('the provider page has no form');
    return new URL(action, form.url);
  }

  /** Signs in at the provider and stops where it sends the browser back to Autostudio's callback. */
  async function signInAtProvider(browser: TestBrowser, username: string): Promise<URL> {
    const action = await openProviderForm(browser);
    const password = accounts[username]?.password ?? 'unknown';
    const arrival = await browser.navigate(action, isCallback, { form: { username, password } });
    return stoppedAt(arrival);
  }

  async function finish(browser: TestBrowser, callback: URL): Promise<URL> {
    return stoppedAt(await browser.navigate(callback, isLoginPage));
  }

  async function signInWithSso(username: string): Promise<{ token: string; refreshToken: string; user: User }> {
    const browser = new TestBrowser();
    const landing = await finish(browser, await signInAtProvider(browser, username));
    const token = landing.searchParams.get(LOGIN_RETURN_PARAMS.token);
    const refreshToken = landing.searchParams.get(LOGIN_RETURN_PARAMS.refreshToken);
    if (!token || !refreshToken) throw new Error(`no tokens in ${landing.href}`);
    const verified = await fetch(new URL('/api/auth/verify', publicUrl), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(verified.status).toBe(200);
    return { token, refreshToken, user: (await verified.json()) as User };
  }

  async function countRows(table: 'users' | 'user_identities'): Promise<number> {
    const handle = openDatabase(t.config.database);
    try {
      const { count } = await handle.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(count);
    } finally {
      await handle.close();
    }
  }

  it('is offered by the server', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/options' });
    expect(response.json()).toEqual({ credentials: true, sso: true });
  });

  it('sends the browser to the provider with PKCE, state and nonce in a signed, short-lived cookie', async () => {
    const response = await fetch(new URL('/api/auth/sso/login', publicUrl), { redirect: 'manual' });
    expect(response.status).toBe(302);
    const target = new URL(response.headers.get('location') ?? '');
    expect(target.origin).toBe(provider.issuer);
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      client_id: TEST_SSO_CLIENT.clientId,
      redirect_uri: `${publicUrl}/api/auth/sso/callback`,
      response_type: 'code',
      scope: 'openid profile email',
      code_challenge_method: 'S256',
    });
    for (const param of ['state', 'nonce', 'code_challenge']) expect(target.searchParams.get(param)).toBeTruthy();
    const cookie = response.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/^autostudio_sso=[^;]+\.[^;]+;/);
    expect(cookie).toContain('Max-Age=600');
    expect(cookie).toContain('Path=/api/auth/sso');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
  });

  it('creates an account on the first sign-in, with the name and roles from the provider', async () => {
    const { user } = await signInWithSso('sam');
    expect(user).toMatchObject({ username: 'sam', name: 'Sam Sketcher', roles: ['user'] });
  });

  it('signs the same person into the same account the second time, and the tokens refresh', async () => {
    const first = await signInWithSso('sam');
    const usersBefore = await countRows('users');
    const second = await signInWithSso('sam');
    expect(second.user.id).toBe(first.user.id);
    expect(await countRows('users')).toBe(usersBefore);
    const refreshed = await t.app.inject({
      method: 'GET',
      url: '/api/auth/refresh',
      headers: { authorization: `Bearer ${second.refreshToken}` },
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('gives the admin role to a provider administrator', async () => {
    const { user } = await signInWithSso('ada');
    expect(user).toMatchObject({ username: 'ada', name: 'Ada Admin', roles: ['admin'] });
  });

  it('makes someone without a roles claim a user, named after their email', async () => {
    const { user } = await signInWithSso('nora');
    expect(user).toMatchObject({ username: 'nora@studio.test', name: 'Nora Noroles', roles: ['user'] });
  });

  it('follows role changes at the provider on every sign-in, keeping only roles it knows', async () => {
    accounts.sam!.claims.roles = ['moderator', 'superuser', 'ADMIN'];
    let promoted: Awaited<ReturnType<typeof signInWithSso>>;
    try {
      promoted = await signInWithSso('sam');
      expect(promoted.user.roles).toEqual(['moderator', 'admin']);
    } finally {
      accounts.sam!.claims.roles = ['user'];
    }
    const demoted = await signInWithSso('sam');
    expect(demoted.user.roles).toEqual(['user']);
    // The sign-in made with the old roles is over; the new one works, and so does a further one with the same roles.
    const verify = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: { authorization: `Bearer ${token}` } });
    expect((await verify(promoted.token)).statusCode).toBe(401);
    await signInWithSso('sam');
    expect((await verify(demoted.token)).statusCode).toBe(200);
  });

  it('never takes over a local account with the same username, and reads roles from a string', async () => {
    await t.createUser('grace', ['user']);
    const { user } = await signInWithSso('grace');
    expect(user).toMatchObject({ username: 'grace-2', name: 'Grace from SSO', roles: ['moderator', 'client'] });
    // The local grace keeps her own password and roles.
    expect((await t.login('grace', 'grace-password')).user.roles).toEqual(['user']);
  });

  it('keeps single sign-on accounts out of password sign-in', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'ada', password: TEST_SSO_ACCOUNTS.ada.password },
    });
    expect(response.statusCode).toBe(401);
  });

  describe('ends at the login screen with the spec error', () => {
    it('when the state in the answer is not the one sent', async () => {
      const browser = new TestBrowser();
      const callback = await signInAtProvider(browser, 'sam');
      callback.searchParams.set('state', 'forged-state');
      expect(relative(await finish(browser, callback))).toBe(FAILED);
    });

    it('when the login cookie was tampered with', async () => {
      const browser = new TestBrowser();
      const callback = await signInAtProvider(browser, 'sam');
      const host = new URL(publicUrl).host;
      const cookie = browser.cookie(host, 'autostudio_sso') ?? '';
      const [payload = '', signature = ''] = cookie.split('.');
      const forged = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), state: 'mine' }),
      ).toString('base64url');
      browser.setCookie(host, 'autostudio_sso', `${forged}.${signature}`, '/api/auth/sso');
      expect(relative(await finish(browser, callback))).toBe(FAILED);
    });

    it('when the login cookie is missing', async () => {
      const browser = new TestBrowser();
      const callback = await signInAtProvider(browser, 'sam');
      expect(relative(await finish(new TestBrowser(), callback))).toBe(FAILED);
    });

    it('when the person cancels at the provider (access_denied)', async () => {
      const browser = new TestBrowser();
      const action = await openProviderForm(browser);
      const callback = stoppedAt(
        await browser.navigate(new URL(action.href.replace(/\/login$/, '/abort')), isCallback),
      );
      expect(callback.searchParams.get('error')).toBe('access_denied');
      expect(relative(await finish(browser, callback))).toBe(FAILED);
    });

    it('when the provider gives no username or email', async () => {
      const usersBefore = await countRows('users');
      const browser = new TestBrowser();
      expect(relative(await finish(browser, await signInAtProvider(browser, 'ghost')))).toBe(FAILED);
      expect(await countRows('users')).toBe(usersBefore);
    });

    it('when the same answer is played back a second time', async () => {
      const browser = new TestBrowser();
      const callback = await signInAtProvider(browser, 'sam');
      const cookie = browser.cookie(new URL(publicUrl).host, 'autostudio_sso') ?? '';
      expect(isLoginPage(await finish(browser, callback))).toBe(true);
      browser.setCookie(new URL(publicUrl).host, 'autostudio_sso', cookie, '/api/auth/sso');
      expect(relative(await finish(browser, callback))).toBe(FAILED);
    });
  });

  it('links one identity to one account only', async () => {
    const identities = await countRows('user_identities');
    await signInWithSso('ada');
    expect(await countRows('user_identities')).toBe(identities);
  });

  it('answers a provider that is down with the spec error, not a crash', async () => {
    const down = await startTestApp(database, {
      publicUrl,
      sso: { issuer: `http://127.0.0.1:${await freePort()}`, ...TEST_SSO_CLIENT, rolesClaim: 'roles' },
    });
    try {
      const response = await down.app.inject({ method: 'GET', url: '/api/auth/sso/login' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`${publicUrl}${FAILED}`);
    } finally {
      await down.close();
    }
  });
});

describe.each(testDatabases)('single sign-on when not configured on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database);
  });
  afterAll(() => t.close());

  it('is not offered', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/options' });
    expect(response.json()).toEqual({ credentials: true, sso: false });
  });

  it.each(['/api/auth/sso/login', '/api/auth/sso/callback?code=x&state=y'])('answers %s with 404', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: PRODUCT_MESSAGES.ssoNotConfigured,
    });
  });
});

function stoppedAt(arrival: Arrival): URL {
  if (!('stopped' in arrival)) {
    throw new Error(`expected a redirect, got ${arrival.response.status} at ${arrival.url.href}: ${arrival.body}`);
  }
  return arrival.url;
}

/** Path and query, as the spec writes them. */
function relative(url: URL): string {
  return `${url.pathname}${url.search}`;
}
