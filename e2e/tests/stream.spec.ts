import { expect, test } from '../support/fixtures';
import { pictureDifference as difference, videoPicture } from '../support/picture';
import { E2E_METRICS_TOKEN } from '../support/server';
import { signInThroughApi } from '../support/sign-in';

test.describe('the live stream', () => {
  test('shows the built-in car live on /home through Epic’s frontend, and a drag turns it', async ({
    page,
    createAccount,
    studio,
  }) => {
    test.setTimeout(120_000);
    const account = await createAccount(['user']);
    await signInThroughApi(page, account);
    await studio.openBuiltInCar();
    await studio.waitForLive();
    const viewport = studio.viewport;
    await expect
      .poll(async () => Number(await viewport.getAttribute('data-frames-decoded')), { timeout: 30_000 })
      .toBeGreaterThan(0);

    // The picture is the car in its studio, not a blank or uniform frame.
    await expect.poll(async () => (await videoPicture(page)).spread, { timeout: 20_000 }).toBeGreaterThan(8);
    const before = await videoPicture(page);

    const box = await viewport.boundingBox();
    if (!box) throw new Error('The viewport has no box');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step += 1) await page.mouse.move(x + step * 30, y, { steps: 2 });
    await page.mouse.up();

    await expect
      .poll(async () => difference(before.pixels, (await videoPicture(page)).pixels), { timeout: 30_000 })
      .toBeGreaterThan(6);

    // Every 10 s the studio reports what its player receives; the server's metrics show it for this session.
    // The drag's controls were timed to the picture they changed: the control-to-photon time is reported too.
    const reported = async (metric: string) => {
      const metrics = await page.request.get('/metrics', {
        headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` },
      });
      const line = new RegExp(`^autostudio_${metric}\\{[^}]*\\} (\\S+)$`, 'm').exec(await metrics.text());
      return Number(line?.[1] ?? 0);
    };
    await expect
      .poll(() => reported('stream_frames_per_second'), { timeout: 30_000, intervals: [1000] })
      .toBeGreaterThan(0);
    await expect
      .poll(() => reported('stream_control_to_photon_seconds'), { timeout: 30_000, intervals: [1000] })
      .toBeGreaterThan(0);
    expect(await reported('stream_control_to_photon_seconds')).toBeLessThan(10);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/login');
  });
});
