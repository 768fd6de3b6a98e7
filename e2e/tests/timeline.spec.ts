import { ENGINE_CONFIG_DEFAULTS } from '@autostudio/protocol';
import type { Locator, Page } from '@playwright/test';
import { engineCall } from '../support/engine-api';
import { galleryVideoDuration } from '../support/gallery';
import { smallRenderSettings } from '../support/render-dialog';
import { expect, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/axe';

/** Puts the crane's yaw where the camera panel's number box says, and waits for the engine to be there. */
async function craneYaw(page: Page, yaw: number): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Yaw value' });
  await box.fill(String(yaw));
  await box.press('Enter');
  await expect.poll(async () => (await engineCall('GetCraneValues'))['Crane Yaw']).toBeCloseTo(yaw);
}

/** A frame's time box commits when Enter is pressed. */
async function frameTime(timeline: Locator, frame: number, seconds: number): Promise<void> {
  const box = timeline.getByRole('spinbutton', { name: `Time of frame ${frame} (seconds)` });
  await box.fill(String(seconds));
  await box.press('Enter');
  await expect(box).toHaveValue(String(seconds));
}

const frames = (timeline: Locator) => timeline.getByRole('list', { name: 'Frames' }).getByRole('listitem');
const currentFrame = async (timeline: Locator) =>
  Number((await timeline.getByTestId('timeline-current-frame').innerText()).split('/')[0]?.trim());

test.describe('the animation timeline', () => {
  test.afterEach(async ({ studio }) => {
    await studio.signOut();
    // The engine is shared: the next test starts from the spec's camera.
    await engineCall('StopSequence').catch(() => undefined);
    await engineCall('Update New Config', { Settings: { Camera: ENGINE_CONFIG_DEFAULTS.Camera } });
  });

  test('builds three frames from the crane (unwrapping yaw across 180°), saves, reloads, plays and renders them', async ({
    page,
    studio,
    createAccount,
    enterStudioAs,
  }) => {
    test.setTimeout(420_000);
    await enterStudioAs(await createAccount(['user']), 'Camera');
    const timeline = page.getByRole('region', { name: 'Animation timeline' });
    await page.getByRole('button', { name: 'Timeline', exact: true }).click();
    await expect(timeline).toBeVisible();
    await expect(timeline.getByText('No frames yet.', { exact: false })).toBeVisible();

    // 150°, then -170° (the crane reads ±180: 40° further round), then -100°.
    for (const [index, yaw] of [150, -170, -100].entries()) {
      await craneYaw(page, yaw);
      await timeline.getByRole('button', { name: 'Add frame' }).click();
      await expect(frames(timeline)).toHaveCount(index + 1);
    }
    await expect(frames(timeline).nth(1)).toContainText('190°');
    await expect(frames(timeline).nth(2)).toContainText('260°');
    for (const frame of [1, 2, 3])
      await expect(timeline.getByRole('spinbutton', { name: `Time of frame ${frame} (seconds)` })).toHaveValue(
        String(frame - 1),
      );
    // A short animation to render: one second, 25 frames.
    await frameTime(timeline, 2, 0.5);
    await frameTime(timeline, 3, 1);
    for (const frame of [1, 2, 3])
      await expect(timeline.getByRole('img', { name: `Preview of frame ${frame}` })).toBeVisible();
    await expectNoSeriousViolations(page, 'the timeline', 'section[aria-label="Animation timeline"]');

    await timeline.getByRole('textbox', { name: 'Animation name' }).fill('E2E timeline');
    await expect(timeline.getByText('Unsaved')).toBeVisible();
    await timeline.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Animation saved')).toBeVisible();
    await expect(timeline.getByText('Unsaved')).toHaveCount(0);

    // A reload: the saved animation is found among the user's and loaded, previews and all.
    await page.reload();
    await studio.waitForLive();
    await studio.waitForPanels();
    await page.getByRole('button', { name: 'Timeline', exact: true }).click();
    await timeline.getByRole('button', { name: 'Saved animations' }).click();
    await timeline.getByRole('searchbox', { name: 'Search animations' }).fill('E2E timeline');
    await timeline.getByRole('button', { name: 'Load E2E timeline' }).click();
    await expect(frames(timeline)).toHaveCount(3);
    await expect(timeline.getByRole('textbox', { name: 'Animation name' })).toHaveValue('E2E timeline');
    for (const frame of [1, 2, 3])
      await expect(timeline.getByRole('img', { name: `Preview of frame ${frame}` })).toBeVisible();
    await expectNoSeriousViolations(page, 'the timeline', 'section[aria-label="Animation timeline"]');

    // Go to end is the last frame's time × 24; play runs the engine's sequence and the current frame follows it.
    await timeline.getByRole('button', { name: 'Go to end' }).click();
    await expect.poll(() => currentFrame(timeline)).toBe(24);
    await timeline.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => currentFrame(timeline)).toBe(0);
    await timeline.getByRole('button', { name: 'Play' }).click();
    await expect(timeline.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect.poll(async () => (await engineCall('GetAnimationPlayingStatus')).Time ?? 0).toBeGreaterThan(0);
    await expect.poll(() => currentFrame(timeline)).toBeGreaterThan(0);
    // One second long: it ends by itself at the last frame.
    await expect(timeline.getByRole('button', { name: 'Play' })).toBeVisible({ timeout: 10_000 });
    await expect.poll(() => currentFrame(timeline)).toBe(24);

    // Rendered as a short MP4 from the video dialog.
    await page.getByRole('button', { name: 'Video', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Render video' });
    await dialog.getByText('E2E timeline', { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: /E2E timeline/ })).toBeChecked();
    await smallRenderSettings(dialog, 320, 180);
    await dialog.getByRole('textbox', { name: /Name/ }).fill('E2E timeline video');
    await dialog.getByRole('button', { name: 'Start video' }).click();
    const row = page.getByRole('region', { name: 'Renders' }).getByRole('listitem', { name: 'E2E timeline video' });
    await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 300_000 });
    // The gallery's viewer plays it: about a second (25 frames at 24 fps).
    const duration = await galleryVideoDuration(page, 'E2E timeline video');
    expect(duration).toBeGreaterThan(0.8);
    expect(duration).toBeLessThan(1.5);
  });

  test('a guest gets no timeline', async ({ page, createAccount, enterStudioAs }) => {
    test.setTimeout(180_000);
    await enterStudioAs(await createAccount(['client']), 'Camera');
    await expect(page.getByRole('button', { name: 'Configurations' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Timeline', exact: true })).toHaveCount(0);
    // Watching a preset move is not editing: the guest may play one in the viewport.
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Playing' })).toBeVisible();
    await expect.poll(async () => (await engineCall('GetAnimationPlayingStatus')).Playing).toBe(true);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Stopped' })).toBeVisible();
    await expect.poll(async () => (await engineCall('GetAnimationPlayingStatus')).Playing).toBe(false);
  });
});
