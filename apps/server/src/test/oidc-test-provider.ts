import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';
import { TEST_SSO_ACCOUNTS, TEST_SSO_CLIENT, type TestSsoAccount } from './sso-test-accounts.js';

/**
 * A real OpenID Connect provider (oidc-provider) with named test people, for the server's tests and the browser
 * tests alike. Its sign-in page is a small one of our own rather than oidc-provider's development pages, which
 * accept any password: here a wrong password is refused, and Cancel answers `access_denied` as a real provider
 * would.
 */

export interface TestOidcProviderOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The redirect URIs registered for the Autostudio client. */
  redirectUris: string[];
  /** Who may sign in, by username; the shared test people by default. */
  accounts?: Record<string, TestSsoAccount>;
  /** The claim that carries roles, released with the profile scope. */
  rolesClaim?: string;
}

export interface TestOidcProvider {
  issuer: string;
  close(): Promise<void>;
}

const SCOPES = 'openid profile email';

export async function startTestOidcProvider(options: TestOidcProviderOptions): Promise<TestOidcProvider> {
  const accounts: Record<string, TestSsoAccount> = options.accounts ?? TEST_SSO_ACCOUNTS;
  const bySubject = (subject: string) => Object.values(accounts).find((account) => account.subject === subject);

  // The issuer names the port, so listen first and hand requests to the provider once it exists.
  let handle: http.RequestListener = (_request, response) => response.writeHead(503).end();
  const server = http.createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, configuration(options, bySubject));
  const providerHandler = provider.callback();
  handle = (request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    const interaction = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(url.pathname);
    if (!interaction) {
      // Koa answers its own errors; nothing is left to handle here.
      void providerHandler(request, response);
      return;
    }
    interact(provider, accounts, request, response, interaction[2]).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(400, { 'content-type': 'text/plain' });
      response.end(`Sign-in failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  };

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function configuration(
  options: TestOidcProviderOptions,
  bySubject: (subject: string) => TestSsoAccount | undefined,
): Configuration {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    clients: [
      {
        client_id: TEST_SSO_CLIENT.clientId,
        client_secret: TEST_SSO_CLIENT.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    // RS256 is what relying parties expect by default.
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-signing-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: {
      openid: ['sub'],
      // Roles ride with the profile, as with providers that add a roles mapper to the default scopes.
      profile: ['name', 'preferred_username', options.rolesClaim ?? 'roles'],
      email: ['email', 'email_verified'],
    },
    scopes: SCOPES.split(' '),
    // Lifetimes in seconds; a test run is short, the browser tests' sign-ins shorter still.
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, subject) => {
      const account = bySubject(subject);
      return account && { accountId: subject, claims: () => ({ ...account.claims, sub: subject }) };
    },
    // Autostudio is the company's own application: its people are not asked to consent to it, only to sign in.
    loadExistingGrant: async (ctx) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPES);
      await grant.save();
      return grant;
    },
  };
}

/** The sign-in page: GET shows it, POST …/login checks the password, GET …/abort cancels. */
async function interact(
  provider: Provider,
  accounts: Record<string, TestSsoAccount>,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  action: string | undefined,
): Promise<void> {
  const { uid, prompt } = await provider.interactionDetails(request, response);
  if (prompt.name !== 'login') throw new Error(`the test provider does not handle the ${prompt.name} prompt`);

  if (action === 'abort') {
    await provider.interactionFinished(
      request,
      response,
      { error: 'access_denied', error_description: 'The user cancelled the sign-in' },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  if (action === 'login' && request.method === 'POST') {
    const form = new URLSearchParams(await readBody(request));
    const account = accounts[form.get('username') ?? ''];
    if (account && account.password === form.get('password')) {
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId: account.subject } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    sendPage(response, 401, signInPage(uid, 'Wrong username or password.'));
    return;
  }
  sendPage(response, 200, signInPage(uid));
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

function sendPage(response: http.ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(html);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function signInPage(uid: string, error?: string): string {
  const base = `/interaction/${escapeHtml(uid)}`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Test identity provider</title></head>
<body>
<main>
<h1>Test identity provider</h1>
<p>Sign in to continue to Autostudio.</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${base}/login">
<label>Username <input name="username" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button>
</form>
<p><a href="${base}/abort">Cancel</a></p>
</main>
</body>
</html>`;
}
