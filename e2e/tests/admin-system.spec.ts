import { API_BASE, API_ROUTES, pathTo, type RenderJob } from '@autostudio/protocol';
import { signInApi } from '../support/admin-api';
import { expect, test } from '../support/fixtures';
import { docShot } from '../support/render-dialog';
import { E2E_ADMIN, E2E_STREAMER_ID } from '../support/server';
import { signInThroughApi } from '../support/sign-in';

test.describe('the System page', () => {
  test('shows a live session’s engine and stream, and a running render, as they happen', async ({
    browser,
    request,
    createAccount,
    enterStudioAs,
    studio,
  }) => {
    test.setTimeout(150_000);
    const user = await createAccount(['user']);
    await enterStudioAs(user);
    // A control, so that the player has a control-to-photon time to report.
    await studio.dragCamera();
    const caller = await signInApi(request, user);
    let jobId: string | null = null;

    try {
      const adminContext = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
      const admin = await adminContext.newPage();
      await signInThroughApi(admin, E2E_ADMIN);
      await admin.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'System' }).click();
      await expect(admin).toHaveURL('/admin/system');
      await expect(admin.getByRole('heading', { name: 'System' })).toBeVisible();

      // The engine the user streams from, busy and held by them.
      const engine = admin
        .getByRole('table', { name: 'Engines' })
        .getByRole('row', { name: new RegExp(E2E_STREAMER_ID) });
      await expect(engine).toContainText('Busy');
      await expect(engine).toContainText(user.username);
      // Their session, with what their player measured once the first report is in (every 10 s): frames per second,
      // and the time the drag's picture took.
      const session = admin
        .getByRole('table', { name: 'Live sessions' })
        .getByRole('row', { name: new RegExp(user.username) });
      await expect(session).toContainText(E2E_STREAMER_ID);
      await expect(session.getByRole('cell').nth(3)).toHaveText(/^\d+$/, { timeout: 30_000 });
      await expect(session.getByRole('cell').nth(11)).toHaveText(/^\d+ ms$/);
      await expect(session).toContainText(/\d+ s ago/);
      await expect(admin.getByRole('table', { name: 'Processes' })).toContainText('Server');

      // A variant matrix: twelve stills, rendering for a while on two cores; cancelled once seen.
      const started = await request.post(`${API_BASE}${API_ROUTES.render.matrix}`, {
        headers: caller.headers,
        data: {
          trims: ['Terra Base', 'Terra Limited', 'Terra Wilderness'],
          paints: ['Glacier White', 'Obsidian Black', 'Rallye Red', 'Cobalt Blue'],
          resolutionPreset: 'custom',
          customResolution: { width: 640, height: 360 },
          settings: {},
          metadata: { name: 'System page matrix' },
        },
      });
      expect(started.status(), await started.text()).toBe(202);
      jobId = ((await started.json()) as RenderJob).jobId;
      // The render, taken by a worker: rendering, with its owner and kind.
      const render = admin
        .getByRole('table', { name: 'Render queue' })
        .getByRole('row', { name: new RegExp(user.username) });
      await expect(render).toContainText('Variant matrix');
      await expect(render).toContainText('Rendering', { timeout: 60_000 });
      await expect(admin.getByText(/^Live · updated /)).toBeVisible();
      await docShot(admin, 'admin-system.png');

      // Cancelled, it leaves the queue on the next refresh.
      const cancelled = await request.delete(`${API_BASE}${pathTo(API_ROUTES.render.cancel, { jobId })}`, {
        headers: caller.headers,
      });
      expect(cancelled.ok()).toBe(true);
      await expect(render).toBeHidden({ timeout: 15_000 });
      await adminContext.close();
    } finally {
      if (jobId)
        await request.delete(`${API_BASE}${pathTo(API_ROUTES.render.cancel, { jobId })}`, { headers: caller.headers });
      await studio.signOut();
    }
  });
});
