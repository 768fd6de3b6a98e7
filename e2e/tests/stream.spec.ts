import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** A 32 × 18 grey thumbnail of what the player's <video> shows, and how much its pixels vary. */
async function videoPicture(page: Page): Promise<{ pixels: number[]; spread: number }> {
  return page.evaluate(() => {
    const video = document.querySelector('video');
    if (!video || video.videoWidth === 0) return { pixels: [], spread: 0 };
    const canvas = document.createElement('canvas');
    canvas.width = 32;
    canvas.height = 18;
    const context = canvas.getContext('2d');
    if (!context) return { pixels: [], spread: 0 };
    context.drawImage(video, 0, 0, 32, 18);
    const data = context.getImageData(0, 0, 32, 18).data;
    const pixels: number[] = [];
    for (let i = 0; i < data.length; i += 4)
      pixels.push(0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!);
    const mean = pixels.reduce((a, b) => a + b, 0) / pixels.length;
    const spread = Math.sqrt(pixels.reduce((a, b) => a + (b - mean) ** 2, 0) / pixels.length);
    return { pixels, spread };
  });
}

const difference = (a: number[], b: number[]) =>
  a.length === 0 || a.length !== b.length
    ? 0
    : a.reduce((sum, value, i) => sum + Math.abs(value - (b[i] ?? 0)), 0) / a.length;

test.describe('the live stream', () => {
  test('shows the built-in car live on /home through Epic’s frontend, and a drag turns it', async ({
    page,
    loginPage,
    createAccount,
    studio,
  }) => {
    test.setTimeout(120_000);
    const account = await createAccount(['user']);
    await loginPage.goto();
    await loginPage.signIn(account.username, account.password);
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

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/login');
  });
});
