import { ENGINE_CONFIG_DEFAULTS, POST_PROCESS_OUT_NAMES, POST_PROCESS_PARAMETERS } from '@autostudio/protocol';
import type { Page } from '@playwright/test';
import { expect, studioForTheseTests, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/axe';
import { LIGHT_ADDED_MS, engineCall } from '../support/engine-api';
import { pictureDifference, videoPicture } from '../support/picture';

/** Clicks a slider's track at a fraction of its width, as a mouse user does. */
async function clickSliderAt(page: Page, name: string, fraction: number) {
  const thumb = page.getByRole('slider', { name });
  await thumb.scrollIntoViewIfNeeded();
  const track = thumb.locator('xpath=ancestor::span[@dir or @data-orientation][last()]');
  const box = await track.boundingBox();
  if (!box) throw new Error(`The ${name} slider is not on screen`);
  await page.mouse.click(box.x + box.width * fraction, box.y + box.height / 2);
}

/** The picture once it holds still (idle refinement settles it), so that a later difference is the change's own. */
async function steadyPicture(page: Page) {
  let last = await videoPicture(page);
  await expect
    .poll(
      async () => {
        const next = await videoPicture(page);
        const moved = pictureDifference(last.pixels, next.pixels);
        last = next;
        return moved;
      },
      { timeout: 20_000, intervals: [500] },
    )
    .toBeLessThan(0.05);
  return last;
}

/** The engine's post-process values by their setter names, as GetPostProcessLite answers them. */
async function enginePostProcess() {
  const out = await engineCall('GetPostProcessLite');
  return Object.fromEntries(POST_PROCESS_PARAMETERS.map((name) => [name, out[POST_PROCESS_OUT_NAMES[name]]]));
}

/** The look and lights panels against the shared reference engine: each change is read back through the Remote Control API. */
test.describe('the look and lights panels', () => {
  // One studio for the two: the look test ends on the reset look, and the lights test adds its light to it.
  const shared = studioForTheseTests();

  test.afterAll(async () => {
    // The engine is shared: the next file starts from the spec's look and no custom lights, whatever these left.
    await engineCall('ResetPostProcessLite');
    for (const { ID } of (await engineCall('GetAllLightData')).Lights) await engineCall('RemoveLight', { ID });
  });

  test('look sliders by keyboard and mouse reach the engine, and the reset puts back the defaults', async () => {
    const { page, studio } = shared;
    await studio.openPanel('Look');
    await page.getByRole('slider', { name: 'Exposure' }).focus();
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await enginePostProcess()).ExposureCompensation).toBeCloseTo(0.5);

    await clickSliderAt(page, 'Vignette', 0.75);
    await expect.poll(async () => (await enginePostProcess()).VignetteIntensity).toBeGreaterThan(0.6);
    await expect.poll(async () => (await enginePostProcess()).VignetteIntensity).toBeLessThan(0.9);

    // One Gain channel moves alone; the others keep 1.
    await page.getByRole('slider', { name: 'Gain Z' }).focus();
    await page.keyboard.press('Home');
    await expect.poll(async () => (await engineCall('GetPostProcessLite')).GainOut).toEqual({ X: 1, Y: 1, Z: 0, W: 1 });

    await page.getByRole('button', { name: 'Reset look' }).click();
    await expect.poll(enginePostProcess).toEqual(ENGINE_CONFIG_DEFAULTS.PostProcess);
    await expect(page.getByRole('slider', { name: 'Exposure' })).toHaveAttribute('aria-valuenow', '0');
    await expect(page.getByRole('slider', { name: 'Gain Z' })).toHaveAttribute('aria-valuenow', '1');
  });

  test('a spot light is added, changes the picture, is shaped, coloured and moved, and is removed', async () => {
    const { page, studio } = shared;
    await studio.openPanel('Lights');
    const before = await steadyPicture(page);
    await page.getByRole('button', { name: 'Add spot light' }).click();
    await expect
      .poll(async () => (await engineCall('GetAllLightData')).Lights.map((l) => l.LightType), {
        timeout: LIGHT_ADDED_MS,
      })
      .toEqual(['spot']);
    const [light] = (await engineCall('GetAllLightData')).Lights;
    if (!light) throw new Error('No light');
    const { ID } = light;
    const name = `Spot ${ID + 1}`;
    await expect(page.getByRole('option', { name })).toHaveAttribute('aria-selected', 'true');
    // The accessibility spec sees the panel empty; with a light selected it shows its listbox and every field.
    await expectNoSeriousViolations(page, 'lights panel', '[role="tabpanel"]');
    const lightInfo = () => engineCall('GetLightInfoAPI', { ID });
    await page.getByRole('slider', { name: 'Light intensity' }).focus();
    for (let i = 0; i < 10; i += 1) await page.keyboard.press('PageUp');
    await expect.poll(async () => (await lightInfo()).Intensity).toBe(58);
    // At the default 8 a spot barely shows in daylight; turned up, it lights the car where it points.
    await expect
      .poll(async () => pictureDifference(before.pixels, (await videoPicture(page)).pixels), { timeout: 20_000 })
      .toBeGreaterThan(0.5);
    await page.getByLabel('Light colour').fill('#ff4000');
    await expect.poll(async () => (await lightInfo()).LightColor).toMatchObject({ R: 255, G: 64, B: 0 });
    await page.getByRole('slider', { name: 'Light outer angle' }).focus();
    await page.keyboard.press('Home');
    await expect.poll(async () => (await lightInfo()).OutterAngle).toBe(1);

    await page.getByRole('slider', { name: 'Light yaw' }).focus();
    await page.keyboard.press('Home');
    await clickSliderAt(page, 'Light centre Z', 0.5);
    await expect.poll(async () => (await lightInfo()).Yaw).toBe(-180);
    await expect.poll(async () => (await lightInfo()).Z).toBeGreaterThan(500);

    await page.getByRole('button', { name: `Remove ${name}` }).click();
    await expect.poll(async () => (await engineCall('GetAllLightData')).Lights).toEqual([]);
    await expect(page.getByRole('option')).toHaveCount(0);
    await expect(page.getByRole('slider', { name: 'Light intensity' })).toHaveCount(0);
  });
});
