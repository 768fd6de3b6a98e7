import { SIGNALLING_CLOSE, type LoginResponse, API_BASE, API_ROUTES } from '@autostudio/protocol';
import { expect, test } from '../support/fixtures';
import { StudioPage } from '../support/studio-page';
import { signInThroughApi } from '../support/sign-in';

test.describe('a stream whose session ends', () => {
  test('stops reaching its viewer, who is told so, while the next user of the engine streams', async ({
    page,
    browser,
    request,
    createAccount,
    studio,
  }) => {
    test.setTimeout(240_000);
    const first = await createAccount(['user']);
    await signInThroughApi(page, first);
    await studio.openBuiltInCar();
    await studio.waitForLive();
    const viewport = studio.viewport;
    const decoded = async () => Number(await viewport.getAttribute('data-frames-decoded'));
    await expect.poll(decoded, { timeout: 30_000 }).toBeGreaterThan(0);

    // The session is released elsewhere (another tab, or the heartbeat's expiry): the engine goes back to the pool.
    const { accessToken } = (await (await request.post('/api/auth/login', { data: first })).json()) as LoginResponse;
    const released = await request.post(`${API_BASE}${API_ROUTES.sessions.release}`, {
      headers: { authorization: `Bearer ${accessToken}` },
      data: {},
    });
    expect(released.ok()).toBe(true);

    await expect(viewport).toHaveAttribute('data-stream-state', 'ended', { timeout: 15_000 });
    await expect(page.getByTestId('stream-ended')).toContainText(SIGNALLING_CLOSE.sessionEnded.reason);
    await expect(page.getByRole('status', { name: 'Session' })).toContainText('Error');
    await expect(page.locator('video')).toHaveCount(0);
    const frozenAt = await decoded();

    // The next user is lent the same engine and watches their own car.
    const second = await createAccount(['user']);
    const context = await browser.newContext();
    try {
      const next = await context.newPage();
      const nextStudio = new StudioPage(next);
      await signInThroughApi(next, second);
      await nextStudio.openBuiltInCar();
      await nextStudio.waitForLive();
      await expect
        .poll(async () => Number(await nextStudio.viewport.getAttribute('data-frames-decoded')), { timeout: 30_000 })
        .toBeGreaterThan(0);

      // Nothing of it reached the first viewer: while the next viewer's drag makes the engine render and their
      // player decodes the new frames, the first one decodes none and stays in the ended state.
      const nextAt = await nextStudio.framesDecoded();
      await nextStudio.dragCamera();
      await expect.poll(() => nextStudio.framesDecoded(), { timeout: 30_000 }).toBeGreaterThan(nextAt);
      expect(await decoded()).toBe(frozenAt);
      await expect(viewport).toHaveAttribute('data-stream-state', 'ended');

      // Once the engine is free again, the way on is one click from the studio: a new session with the same car.
      await next.getByRole('button', { name: 'Sign out' }).click();
      await expect(next).toHaveURL('/login');
      await page.getByRole('button', { name: 'Start a new session' }).click();
      await expect(viewport).toHaveAttribute('data-stream-state', 'live', { timeout: 60_000 });
      await expect(page).toHaveURL('/home');
      await expect(page.getByRole('status', { name: 'Session' })).toContainText('Connected');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL('/login');
    } finally {
      await context.close();
    }
  });
});
