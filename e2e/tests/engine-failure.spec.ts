import type { ChildProcess } from 'node:child_process';
import { API_BASE, API_ROUTES, BUILT_IN_PRODUCT, type LoginResponse, type SessionResponse } from '@autostudio/protocol';
import { startExtraEngine } from '../support/engine';
import { expect, test } from '../support/fixtures';
import { E2E_PORT, E2E_STREAMER_ID } from '../support/server';
import { signInThroughApi } from '../support/sign-in';

const EXTRA_ENGINE_PORT = E2E_PORT + 3;

test.describe('an engine that dies mid-session', () => {
  let extra: ChildProcess | null = null;
  test.afterEach(() => {
    extra?.kill('SIGKILL');
    extra = null;
  });

  test('turns the session to Error, the studio says so, and one click there gets a working engine with the same car', async ({
    page,
    request,
    createAccount,
    studio,
  }) => {
    test.setTimeout(180_000);
    const doomed = await startExtraEngine(EXTRA_ENGINE_PORT, 'e2e-engine-doomed');
    extra = doomed;
    // Someone else holds the shared engine, so this user is lent the one that will die.
    const blocker = await createAccount(['user']);
    const blockerLogin = (await (await request.post('/api/auth/login', { data: blocker })).json()) as LoginResponse;
    const headers = { authorization: `Bearer ${blockerLogin.accessToken}` };
    await expect
      .poll(
        async () => {
          const held = (await (
            await request.post(`${API_BASE}${API_ROUTES.sessions.requestAllocate}`, { headers, data: {} })
          ).json()) as SessionResponse;
          return held.sessionDetails?.instanceUrl ?? '';
        },
        { timeout: 30_000 },
      )
      .toContain(`streamerId=${E2E_STREAMER_ID}`);

    const account = await createAccount(['user']);
    await signInThroughApi(page, account);
    await studio.openBuiltInCar();
    await studio.waitForLive();
    const viewport = studio.viewport;

    doomed.kill('SIGKILL');
    // The picture goes first (the streamer's socket closes), then the session: asked at once, the engine no longer
    // answers (its heartbeats would have taken the timeout to say so).
    await expect(viewport).not.toHaveAttribute('data-stream-state', 'live', { timeout: 20_000 });
    await expect(page.getByRole('status', { name: 'Session' })).toContainText('Error', { timeout: 60_000 });

    // With the shared engine given back, one click in the studio lends a working engine, loads the same car in it
    // behind the loading overlay, and the picture returns, without a detour through /landing.
    await request.post(`${API_BASE}${API_ROUTES.sessions.release}`, { headers, data: {} });
    await page.getByRole('button', { name: 'Start a new session' }).click();
    await expect(page.getByRole('dialog', { name: `Loading ${BUILT_IN_PRODUCT.name}...` })).toBeVisible();
    await studio.waitForLive();
    await expect(page).toHaveURL('/home');
    await expect(page.getByRole('status', { name: 'Session' })).toContainText('Connected');
    await expect(page.getByRole('heading', { name: BUILT_IN_PRODUCT.name })).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/login');
  });
});
