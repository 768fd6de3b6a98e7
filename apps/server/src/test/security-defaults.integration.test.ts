import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, API_ROUTES } from '@autostudio/protocol';
import { AUTH_SECRET_FILE } from '../bootstrap/auth-secret.js';
import { INITIAL_ADMIN_FILE } from '../bootstrap/initial-admin.js';
import { ssoRedirectUri } from '../modules/auth/sso.routes.js';
import { startTestOidcProvider } from './oidc-test-provider.js';
import { TEST_SSO_ACCOUNTS, TEST_SSO_CLIENT } from './sso-test-accounts.js';
import { startTestApp, startTestAppWithWebApp, type TestApp } from './test-app.js';
import { testDatabases } from './test-databases.js';

/**
 * The promises of SECURITY.md that no single module owns: the headers on every kind of answer, CORS closed, secret
 * files for the owner only, and a server that listens on the loopback interface unless told otherwise.
 */

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | undefined): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) parsed.set(name, values);
  }
  return parsed;
}

describe('security headers on the web app and the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestAppWithWebApp(testDatabases[0]!);
  });
  afterAll(() => t.close());

  const answers: [string, string][] = [
    ['the app at /', '/'],
    ['the app at /landing', '/landing'],
    ['the app at /home', '/home'],
    ['the app at /admin/users', '/admin/users'],
    ['a script of the app', '/assets/app-1234.js'],
    ['an API answer', `${API_BASE}${API_ROUTES.health}`],
    ['an API refusal', `${API_BASE}${API_ROUTES.users.filtered}`],
    ['an unknown API path', `${API_BASE}/no-such-thing`],
  ];

  it.each(answers)('%s runs under the content security policy', async (_what, url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    const csp = directives(response.headers['content-security-policy']);
    // Scripts only from the server itself: no inline script, no eval, no other host.
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    // The Pixel Streaming player: signalling over WebSocket to this server (without PUBLIC_URL, at the page's own
    // address) and no other host, the picture as a MediaStream or a blob.
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:']);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  describe('CORS is closed: no other origin is allowed to read an answer', () => {
    const otherOrigin = 'https://elsewhere.example';

    it.each([
      [`${API_BASE}${API_ROUTES.auth.login}`, 'POST'],
      [`${API_BASE}${API_ROUTES.users.filtered}`, 'GET'],
      [`${API_BASE}/preset/some-id`, 'DELETE'],
      ['/landing', 'GET'],
    ])('refuses the preflight of another origin for %s %s', async (url, method) => {
      const response = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: otherOrigin,
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      for (const header of Object.keys(response.headers)) expect(header).not.toMatch(/^access-control-/);
    });

    it('grants no other origin the answers of a signed-in call', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `${API_BASE}${API_ROUTES.users.filtered}`,
        headers: { origin: otherOrigin, authorization: `Bearer ${await t.adminToken()}` },
      });
      expect(response.statusCode).toBe(200);
      for (const header of Object.keys(response.headers)) expect(header).not.toMatch(/^access-control-/);
    });
  });
});

// The media cookie's flags (HttpOnly, SameSite=Lax, Secure over https) are tested in modules/media/media.integration.test.ts.
describe('the single sign-on cookie behind https', () => {
  it('is HttpOnly, SameSite=Lax and Secure when the public address is https', async () => {
    const publicUrl = 'https://studio.example';
    const provider = await startTestOidcProvider({
      redirectUris: [ssoRedirectUri(publicUrl)],
      accounts: TEST_SSO_ACCOUNTS,
    });
    const t = await startTestApp(testDatabases[0]!, {
      publicUrl,
      sso: { issuer: provider.issuer, ...TEST_SSO_CLIENT, rolesClaim: 'roles' },
    });
    try {
      const response = await t.app.inject({ method: 'GET', url: `${API_BASE}${API_ROUTES.auth.ssoLogin}` });
      expect(response.statusCode).toBe(302);
      expect(response.cookies.find((cookie) => cookie.name === 'autostudio_sso')).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
        secure: true,
      });
    } finally {
      await t.close();
      await provider.close();
    }
  });
});

describe('the content security policy behind https', () => {
  it('lets the player open its signalling socket over wss: to the public host only', async () => {
    const t = await startTestApp(testDatabases[0]!, { publicUrl: 'https://studio.example:8443' });
    try {
      const response = await t.app.inject({ method: 'GET', url: `${API_BASE}${API_ROUTES.health}` });
      expect(directives(response.headers['content-security-policy']).get('connect-src')).toEqual([
        "'self'",
        'wss://studio.example:8443',
      ]);
    } finally {
      await t.close();
    }
  });
});

describe('secret files', () => {
  it('keeps the generated auth secret and the first administrator’s password readable by the owner only', async () => {
    const t = await startTestApp(testDatabases[0]!, { initialAdmin: { username: 'admin' } });
    try {
      for (const file of [AUTH_SECRET_FILE, INITIAL_ADMIN_FILE]) {
        expect(fs.statSync(path.join(t.config.dataDir, file)).mode & 0o777, file).toBe(0o600);
      }
    } finally {
      await t.close();
    }
  });

  it('writes no secret file when the secret and the password come from the environment', async () => {
    const t = await startTestApp(testDatabases[0]!, { authSecret: 'x'.repeat(48) });
    try {
      expect(fs.readdirSync(t.config.dataDir)).not.toContain(AUTH_SECRET_FILE);
      expect(fs.readdirSync(t.config.dataDir)).not.toContain(INITIAL_ADMIN_FILE);
    } finally {
      await t.close();
    }
  });
});

/** The built server, `npm start`, with nothing about its address configured. */
const MAIN = path.resolve(import.meta.dirname, '../../dist/main.js');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Addresses of this machine that are not 127.0.0.1: another loopback address and every outward-facing IPv4. */
function otherAddresses(): string[] {
  const outward = Object.values(os.networkInterfaces())
    .flat()
    .filter((entry) => entry && entry.family === 'IPv4' && !entry.internal)
    .map((entry) => entry!.address);
  // On Linux all of 127/8 reaches a socket bound to 0.0.0.0, but only 127.0.0.1 reaches one bound to 127.0.0.1.
  return process.platform === 'linux' ? ['127.0.0.2', ...outward] : outward;
}

describe.each([
  { host: undefined, reachableElsewhere: false },
  { host: '0.0.0.0', reachableElsewhere: true },
])('the server started with HOST=$host', ({ host, reachableElsewhere }) => {
  let server: ChildProcess;
  let port: number;
  let dataDir: string;
  let output = '';
  beforeAll(async () => {
    port = await freePort();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'autostudio-bind-'));
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      AUTOSTUDIO_ADMIN_PASSWORD: 'bind-test-password',
      WEB_DIST: path.join(dataDir, 'no-web-app'),
      BUILT_IN_MODEL_FILE: path.join(dataDir, 'no-model.glb'),
      // Nothing that starts a browser: this is about the socket.
      ENGINE_WARM: '0',
      RENDER_WORKERS: '0',
      RENDER_ENGINES: '0',
    };
    if (host) env.HOST = host;
    server = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Autostudio is ready')) resolve();
      };
      server.stdout!.on('data', read);
      server.stderr!.on('data', read);
      server.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
    });
  });
  afterAll(async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers on 127.0.0.1', async () => {
    expect(await accepts('127.0.0.1', port)).toBe(true);
    const response = await fetch(`http://127.0.0.1:${port}${API_BASE}${API_ROUTES.health}`);
    expect(response.status).toBe(200);
  });

  it(`${reachableElsewhere ? 'answers' : 'does not answer'} on the machine's other addresses`, async () => {
    const addresses = otherAddresses();
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(await accepts(address, port), address).toBe(reachableElsewhere);
  });
});
