import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, API_ROUTES, LOGIN_RETURN_PARAMS, STATE_MESSAGES, type User } from '@autostudio/protocol';
import { ssoRedirectUri } from '../../modules/auth/sso.routes.js';
import { freePort } from '../../modules/engines/free-port.js';
import { startTestOidcProvider, type TestOidcProvider } from '../oidc-test-provider.js';
import { TEST_SSO_ACCOUNTS, TEST_SSO_CLIENT } from '../sso-test-accounts.js';
import { startTestApp, type TestApp } from '../test-app.js';
import { TestBrowser, type Arrival } from '../test-browser.js';
import { joining, testDatabases } from '../test-databases.js';

/** Both copies sign with one secret, as the deployment guide asks (AUTH_SECRET). */
const AUTH_SECRET = 'sso-copies-share-this-secret-of-32-characters!';
const LOGIN_COOKIE = 'autostudio_sso';
const LOGIN_COOKIE_PATH = `${API_BASE}/auth/sso`;
const FAILED = `/login?${LOGIN_RETURN_PARAMS.error}=${encodeURIComponent(STATE_MESSAGES.ssoLoginFailed)}`;

/**
 * Single sign-on begun on copy A and completed on copy B, as a load balancer without sticky sessions may send the
 * provider's redirect back: the sign-in's checks travel in the browser's signed cookie, not in A's memory.
 *
 * The browser knows one address, PUBLIC_URL (A's here). Where a balancer would send its callback to B, the test sends
 * it there itself: the same path and query, with the browser's cookies for the public address.
 */
describe.each(testDatabases)('single sign-on across two server copies on one $name database', (database) => {
  let provider: TestOidcProvider;
  let a: TestApp;
  let b: TestApp;
  let publicUrl: string;
  let originB: string;

  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    provider = await startTestOidcProvider({ redirectUris: [ssoRedirectUri(publicUrl)] });
    const shared = {
      publicUrl,
      authSecret: AUTH_SECRET,
      sso: { issuer: provider.issuer, ...TEST_SSO_CLIENT, rolesClaim: 'roles' },
    };
    a = await startTestApp(database, shared);
    b = await startTestApp(joining(a.config.database), shared);
    await a.app.listen({ host: '127.0.0.1', port });
    originB = await b.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await provider.close();
  });

  const isCallback = (url: URL) => url.pathname === `${API_BASE}${API_ROUTES.auth.ssoCallback}`;
  const isLoginPage = (url: URL) => url.origin === publicUrl && url.pathname === '/login';

  /** From the sign-in button (on copy A) through the provider's form, to where the provider sends the browser back. */
  async function signInOnA(browser: TestBrowser): Promise<URL> {
    const form = await browser.navigate(new URL(`${API_BASE}${API_ROUTES.auth.ssoLogin}`, publicUrl));
    if ('stopped' in form) throw new Error('expected the provider sign-in page');
    const action = /<form method="post" action="([^"]+)"/.exec(form.body)?.[1];
    if (!action) throw new Error(`the provider page has no form: ${form.body}`);
    const { password } = TEST_SSO_ACCOUNTS.sam;
    return stoppedAt(
      await browser.navigate(new URL(action, form.url), isCallback, { form: { username: 'sam', password } }),
    );
  }

  /** The provider's redirect back, taken by copy B `origin` with the login cookie the browser holds for PUBLIC_URL. */
  async function callbackOn(origin: string, browser: TestBrowser, callback: URL, cookie: string): Promise<URL> {
    const target = new URL(`${callback.pathname}${callback.search}`, origin);
    browser.setCookie(target.host, LOGIN_COOKIE, cookie, LOGIN_COOKIE_PATH);
    return stoppedAt(await browser.navigate(target, isLoginPage));
  }

  const loginCookie = (browser: TestBrowser) => browser.cookie(new URL(publicUrl).host, LOGIN_COOKIE) ?? '';

  const verify = (origin: string, token: string) =>
    fetch(new URL(`${API_BASE}${API_ROUTES.auth.verify}`, origin), { headers: { authorization: `Bearer ${token}` } });

  it('signs in when the callback reaches the other copy, and either copy knows the person after', async () => {
    const browser = new TestBrowser();
    const callback = await signInOnA(browser);
    const landing = await callbackOn(originB, browser, callback, loginCookie(browser));
    const token = landing.searchParams.get(LOGIN_RETURN_PARAMS.token);
    if (!token) throw new Error(`not signed in: ${landing.href}`);
    for (const origin of [publicUrl, originB]) {
      const verified = await verify(origin, token);
      expect(verified.status).toBe(200);
      expect((await verified.json()) as User).toMatchObject({ username: 'sam', name: 'Sam Sketcher' });
    }
  });

  it('refuses at the other copy a login cookie tampered with after the first copy signed it', async () => {
    const browser = new TestBrowser();
    const callback = await signInOnA(browser);
    const [payload = '', signature = ''] = loginCookie(browser).split('.');
    // The attacker's own state, with the signature the first copy gave the real one.
    const forged = Buffer.from(
      JSON.stringify({ ...(JSON.parse(Buffer.from(payload, 'base64url').toString()) as object), state: 'mine' }),
    ).toString('base64url');
    callback.searchParams.set('state', 'mine');
    const landing = await callbackOn(originB, browser, callback, `${forged}.${signature}`);
    expect(`${landing.pathname}${landing.search}`).toBe(FAILED);
  });

  it('refuses a login cookie signed by a copy with another AUTH_SECRET', async () => {
    const stranger = await startTestApp(joining(a.config.database), {
      publicUrl,
      authSecret: 'a-copy-with-a-secret-of-its-own-32-chars!!',
      sso: { issuer: provider.issuer, ...TEST_SSO_CLIENT, rolesClaim: 'roles' },
    });
    try {
      const origin = await stranger.app.listen({ host: '127.0.0.1', port: 0 });
      const browser = new TestBrowser();
      const callback = await signInOnA(browser);
      const landing = await callbackOn(origin, browser, callback, loginCookie(browser));
      expect(`${landing.pathname}${landing.search}`).toBe(FAILED);
    } finally {
      await stranger.close();
    }
  });
});

function stoppedAt(arrival: Arrival): URL {
  if (!('stopped' in arrival)) {
    throw new Error(`expected a redirect, got ${arrival.response.status} at ${arrival.url.href}: ${arrival.body}`);
  }
  return arrival.url;
}
