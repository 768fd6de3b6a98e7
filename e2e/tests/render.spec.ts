import { API_BASE, API_ROUTES, pathTo, type LoginResponse, type Preset, type RenderJob } from '@autostudio/protocol';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test, type Account } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/axe';
import { closeGallery, galleryCard, openGallery } from '../support/gallery';
import { smallStill } from '../support/render-api';
import { smallRenderSettings } from '../support/render-dialog';
import { loginApi } from '../support/sign-in';

async function name(dialog: Locator, value: string): Promise<void> {
  await dialog.getByRole('textbox', { name: /Name/ }).fill(value);
}

/** The render's row in the progress panel. */
const renderRow = (page: Page, renderName: string) =>
  page.getByRole('region', { name: 'Renders' }).getByRole('listitem', { name: renderName });

/** Signs in through the API: the account's token and user. */
/** An image that has loaded, at its file's width. */
async function expectShown(image: Locator, width: number): Promise<void> {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(width);
}

/** A user's own sequence of one second (25 frames at 24 fps), saved as an animation preset through the API. */
async function saveSequence(request: APIRequestContext, account: Account, sequenceName: string): Promise<Preset> {
  const login = await request.post(`${API_BASE}${API_ROUTES.auth.login}`, { data: account });
  const { accessToken } = (await login.json()) as LoginResponse;
  const frames = [0, 0.5, 1].map((time, index) => ({ params: { time, yaw: index * 30, pitch: -5, distance: 500 } }));
  const created = await request.post(`${API_BASE}${API_ROUTES.presets.create}`, {
    data: { name: sequenceName, type: 'animation', settings: JSON.stringify({ fps: 24, frames }) },
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(created.ok()).toBe(true);
  return (await created.json()) as Preset;
}

test.describe('rendering from the studio', () => {
  test.beforeEach(() => {
    test.setTimeout(420_000);
  });

  test('a small still with the Depth pass reaches completed with its files, both in the gallery; a second is cancelled', async ({
    page,
    studio,
    enterStudio,
  }) => {
    await enterStudio();
    await page.getByRole('button', { name: 'Render', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Render image' });
    await expect(dialog).toBeVisible();
    await expectNoSeriousViolations(page, 'the render dialog', '[role="dialog"]');
    await dialog.getByRole('radiogroup', { name: 'Render type' }).getByRole('radio', { name: 'Multi Pass' }).click();
    await dialog.getByRole('group', { name: 'Passes' }).getByRole('button', { name: 'Depth' }).click();
    await smallRenderSettings(dialog, 192, 108);
    await name(dialog, 'E2E still');
    await expect(dialog.getByTestId('render-summary')).toHaveText('192×108 · JPG · LOW');
    await dialog.getByRole('button', { name: 'Start render' }).click();
    await expect(dialog).toHaveCount(0);

    const still = renderRow(page, 'E2E still');
    await expect(still).toBeVisible();
    await expectNoSeriousViolations(page, 'the renders list', '[aria-label="Renders"]');
    await expect(still).toHaveAttribute('data-status', 'completed', { timeout: 240_000 });
    await expect(still.getByRole('img', { name: 'Thumbnail of E2E still' })).toBeVisible();
    const files = still.getByRole('list', { name: 'Outputs of E2E still' });
    for (const layer of ['Beauty', 'Color ID', 'Depth']) {
      const link = files.getByRole('link', { name: layer });
      await expect(link).toHaveAttribute('target', '_blank');
      const answer = await page.request.get((await link.getAttribute('href'))!);
      expect(answer.ok()).toBe(true);
    }

    // The gallery has it, newest first, and its viewer shows each image: the beauty and the Depth pass.
    const gallery = await openGallery(page);
    await expect(galleryCard(gallery, 'E2E still')).toBeVisible();
    await expect(gallery.getByRole('listitem').first()).toContainText('Still');
    await expectNoSeriousViolations(page, 'the gallery', '[role="dialog"]');
    await galleryCard(gallery, 'E2E still').click();
    const viewer = page.getByRole('dialog', { name: 'E2E still' });
    const passes = viewer.getByRole('radiogroup', { name: 'Passes and layers' });
    await expect(passes.getByRole('radio').first()).toHaveText('Beauty');
    await expect(passes.getByRole('radio', { name: 'Beauty' })).toBeChecked();
    await expectShown(viewer.getByRole('img', { name: 'E2E still, Beauty' }), 192);
    await passes.getByRole('radio', { name: 'Depth' }).click();
    await expectShown(viewer.getByRole('img', { name: 'E2E still, Depth' }), 192);
    const download = viewer.getByRole('link', { name: 'Download Depth' });
    expect((await page.request.get((await download.getAttribute('href'))!)).ok()).toBe(true);
    await expectNoSeriousViolations(page, 'the render viewer', '[role="dialog"]');
    await viewer.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(viewer).toHaveCount(0);
    await closeGallery(page, gallery);

    // The settings stay for the tab: a second render starts from them; it is cancelled while it runs.
    await page.getByRole('button', { name: 'Render', exact: true }).click();
    const again = page.getByRole('dialog', { name: 'Render image' });
    await expect(again.getByTestId('render-summary')).toHaveText('192×108 · JPG · LOW');
    // The finished still taught the dialog how long a still takes here.
    await expect(again.getByTestId('render-estimate')).toContainText(/^Takes (a few seconds|about \d)/);
    // A long one, so that the cancel comes while it renders: 4K, HIGH, 16 spatial samples.
    await again.getByRole('radiogroup', { name: 'Resolution' }).getByRole('radio', { name: '4K' }).click();
    await again.getByRole('radiogroup', { name: 'Quality' }).getByRole('radio', { name: 'HIGH' }).click();
    await again.getByRole('textbox', { name: 'Anti-aliasing, spatial samples value' }).fill('16');
    await again.getByRole('textbox', { name: 'Anti-aliasing, spatial samples value' }).press('Tab');
    await name(again, 'E2E cancelled');
    await again.getByRole('button', { name: 'Start render' }).click();
    const cancelled = renderRow(page, 'E2E cancelled');
    await expect(cancelled).toBeVisible();
    await cancelled.getByRole('button', { name: 'Cancel E2E cancelled' }).click();
    await expect(cancelled).toHaveCount(0);

    await still.getByRole('button', { name: 'Dismiss E2E still' }).click();
    await expect(page.getByRole('region', { name: 'Renders' })).toHaveCount(0);
    await studio.signOut();
  });

  test('a short video of the user’s own sequence reaches completed with an MP4 that the gallery plays', async ({
    page,
    request,
    studio,
    createAccount,
    enterStudioAs,
  }) => {
    const account = await createAccount(['user']);
    await saveSequence(request, account, 'E2E orbit');
    await enterStudioAs(account);
    await page.getByRole('button', { name: 'Video', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Render video' });
    await expect(dialog.getByRole('radio', { name: /Exterior 360/ })).toBeChecked();
    // The option's visible face takes the click (the radio itself is visually hidden).
    await dialog.getByText('E2E orbit', { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: /E2E orbit/ })).toBeChecked();
    await expectNoSeriousViolations(page, 'the video dialog', '[role="dialog"]');
    await smallRenderSettings(dialog, 192, 108);
    await name(dialog, 'E2E video');
    await expect(dialog.getByTestId('render-summary')).toHaveText('192×108 · MP4 · LOW');
    await dialog.getByRole('button', { name: 'Start video' }).click();

    const video = renderRow(page, 'E2E video');
    await expect(video).toBeVisible();
    await expect(video).toHaveAttribute('data-status', 'completed', { timeout: 300_000 });
    const link = video.getByRole('list', { name: 'Outputs of E2E video' }).getByRole('link', { name: 'Video' });
    const answer = await page.request.get((await link.getAttribute('href'))!);
    expect(answer.headers()['content-type']).toBe('video/mp4');

    // The gallery plays it.
    const gallery = await openGallery(page);
    await expect(gallery.getByRole('listitem').first()).toContainText('Video');
    await galleryCard(gallery, 'E2E video').click();
    const player = page.getByRole('dialog', { name: 'E2E video' }).locator('video');
    await expect(player).toHaveAttribute('controls', '');
    await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.duration || 0)).toBeGreaterThan(0);
    await closeGallery(page, gallery);
    await studio.signOut();
  });

  test('a guest gets no render controls, and sees a render shared with them with nothing to change it', async ({
    page,
    request,
    studio,
    createAccount,
    enterStudioAs,
  }) => {
    // Someone renders a small still through the API and shares it with the guest.
    const guest = await createAccount(['client']);
    const owner = await loginApi(request, await createAccount(['user']));
    const headers = { authorization: `Bearer ${owner.accessToken}` };
    const started = await request.post(`${API_BASE}${API_ROUTES.render.still}`, {
      headers,
      data: smallStill({ name: 'E2E shared still' }),
    });
    const { jobId } = (await started.json()) as RenderJob;
    let renderedAssetId: string | null = null;
    await expect
      .poll(
        async () => {
          const answer = await request.get(`${API_BASE}${pathTo(API_ROUTES.render.status, { jobId })}`, { headers });
          const job = (await answer.json()) as RenderJob;
          renderedAssetId = job.renderedAssetId;
          return job.status;
        },
        { timeout: 240_000, intervals: [1000] },
      )
      .toBe('completed');
    const guestId = (await loginApi(request, guest)).user.id;
    const shared = await request.put(
      `${API_BASE}${pathTo(API_ROUTES.renderedAssets.shareUser, { id: renderedAssetId! })}`,
      { headers, data: { userIds: [guestId] } },
    );
    expect(shared.ok()).toBe(true);

    await enterStudioAs(guest);
    await expect(page.getByRole('button', { name: 'Configurations' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Render', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Video', exact: true })).toHaveCount(0);
    const gallery = await openGallery(page);
    await expect(galleryCard(gallery, 'E2E shared still')).toBeVisible();
    await expect(gallery.getByRole('listitem').first()).toContainText('Shared');
    await expect(gallery.getByRole('button', { name: 'Actions for E2E shared still' })).toHaveCount(0);
    await galleryCard(gallery, 'E2E shared still').click();
    const viewer = page.getByRole('dialog', { name: 'E2E shared still' });
    await expectShown(viewer.getByRole('img', { name: 'E2E shared still, Beauty' }), 192);
    await expect(viewer.getByRole('link', { name: 'Download Beauty' })).toBeVisible();
    for (const action of ['Rename', 'Share', 'Delete'])
      await expect(viewer.getByRole('button', { name: action })).toHaveCount(0);
    await closeGallery(page, gallery);
    await studio.signOut();
  });
});
