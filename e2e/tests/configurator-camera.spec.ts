import { ENGINE_CONFIG_DEFAULTS, PRODUCT_MESSAGES } from '@autostudio/protocol';
import { expect, studioForTheseTests, test } from '../support/fixtures';
import { engineCall, engineProperty, engineSettings } from '../support/engine-api';
import { pictureDifference, videoPicture } from '../support/picture';
import { solidPng } from '../support/png';

/** The engine answers every section (Get Current Config fills them). */
const camera = async () => (await engineSettings()).Camera ?? {};

/** The camera panel against the shared reference engine: each change is read back through the Remote Control API. */
test.describe('the camera panel', () => {
  // One studio for the three: each goes on from the camera the one before left.
  const shared = studioForTheseTests('Camera');

  test.afterAll(async () => {
    // The engine is shared: the next file starts from the spec's camera, whatever these left.
    await engineCall('Update New Config', { Settings: { Camera: ENGINE_CONFIG_DEFAULTS.Camera } });
  });

  test('spots switch the view and the lens, and the rigs move the camera', async () => {
    const { page } = shared;
    const spots = page.getByRole('radiogroup', { name: 'Camera spot' });
    const outside = await videoPicture(page);
    await spots.getByRole('radio', { name: 'Interior' }).click();
    await expect.poll(async () => (await camera()).Position).toBe('Interior');
    await expect.poll(async () => (await camera()).FocalLength).toBe(15);
    await expect(spots.getByRole('radio', { name: 'Interior' })).toBeChecked();
    await expect(page.getByRole('slider', { name: 'Focal length' })).toHaveAttribute('aria-valuenow', '15');
    await expect
      .poll(async () => pictureDifference(outside.pixels, (await videoPicture(page)).pixels), { timeout: 20_000 })
      .toBeGreaterThan(4);

    // The interior rail is what the Interior spot offers; an arrow key moves it along X.
    await expect(page.getByRole('slider', { name: 'Crane yaw' })).toHaveCount(0);
    const railX = (await engineCall('GetInteriorCameraPosition')).X;
    await page.getByRole('slider', { name: 'Interior X' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await engineCall('GetInteriorCameraPosition')).X).toBeCloseTo(railX + 0.01);

    await spots.getByRole('radio', { name: 'Exterior' }).click();
    await expect.poll(async () => (await camera()).Position).toBe('Exterior');
    await expect.poll(async () => (await camera()).FocalLength).toBe(45);
    const yaw = (await engineCall('GetCraneValues'))['Crane Yaw'];
    await page.getByRole('slider', { name: 'Crane yaw' }).focus();
    await page.keyboard.press('PageUp');
    await expect.poll(async () => (await engineCall('GetCraneValues'))['Crane Yaw']).toBeCloseTo(yaw + 10);
    await page.keyboard.press('End');
    await expect.poll(async () => (await engineCall('GetCraneValues'))['Crane Yaw']).toBe(180);
  });

  test('lens, focus, bokeh, guides and idle path tracing reach the engine', async () => {
    const { page } = shared;
    await page.getByRole('textbox', { name: 'Focal length value' }).fill('85');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await camera()).FocalLength).toBe(85);
    await page.getByRole('slider', { name: 'Aperture' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await camera()).Aperture).toBeCloseTo(2.9);

    await page.getByRole('combobox', { name: 'Focus' }).click();
    await page.getByRole('option', { name: 'Manual' }).click();
    await expect.poll(async () => (await camera()).FocusSettings?.FocusMethod).toBe('Manual');
    await page.getByRole('textbox', { name: 'Focus distance value' }).fill('2500');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await camera()).FocusSettings)
      .toEqual({
        FocusMethod: 'Manual',
        ManualFocusDistance: 2500,
      });

    await page.getByRole('slider', { name: 'Bokeh size' }).focus();
    await page.keyboard.press('End');
    await expect.poll(async () => (await engineCall('Get Bokeh Options')).Size).toBe(10);
    await page.getByRole('combobox', { name: 'Shape' }).click();
    await page.getByRole('option', { name: 'Hexagon' }).click();
    await expect.poll(async () => (await engineCall('Get Bokeh Options')).Shape).toBe('Hexagon');

    await page.getByRole('combobox', { name: 'Guide' }).click();
    await page.getByRole('option', { name: 'Rule of thirds' }).click();
    await expect.poll(async () => (await camera()).CompositionGuide).toBe('RuleOfThird');
    await page.getByRole('slider', { name: 'Guide opacity' }).focus();
    await page.keyboard.press('Home');
    await expect.poll(async () => (await camera()).CompositionOpacity).toBe(0);
    // Hiding the guide clears it on the engine but keeps the choice; showing it brings the choice back.
    const shown = page.getByRole('switch', { name: 'Show composition guide' });
    await shown.click();
    await expect.poll(async () => (await camera()).CompositionGuide).toBe('None');
    await expect(page.getByRole('combobox', { name: 'Guide' })).toHaveText('Rule of thirds');
    await shown.press('Space');
    await expect.poll(async () => (await camera()).CompositionGuide).toBe('RuleOfThird');

    const idle = page.getByRole('switch', { name: 'Path trace when idle' });
    if (!(await engineProperty('canPathTraceOnIdle'))) {
      // An engine that cannot path trace (a CPU rasteriser, as on the test hosts) says so: the switch stays off.
      await expect(page.getByText(PRODUCT_MESSAGES.cannotPathTrace)).toBeVisible();
      await expect(idle).toBeDisabled();
      return;
    }
    const before = await engineProperty('switchToPathTraceOnIdle');
    await idle.click();
    await expect.poll(() => engineProperty('switchToPathTraceOnIdle')).toBe(!before);
    await expect(idle).toHaveAttribute('aria-checked', String(!before));
    await idle.click();
    await expect.poll(() => engineProperty('switchToPathTraceOnIdle')).toBe(before);
  });

  test('a custom guide image reaches the engine and can be hidden and shown again', async () => {
    const { page } = shared;
    await page.getByLabel('Custom guide file').setInputFiles({
      name: 'thirds.png',
      mimeType: 'image/png',
      buffer: solidPng(160, 90, [0, 255, 0]),
    });
    await expect
      .poll(async () => (await engineSettings()).Camera?.CompositionGuide, { timeout: 20_000 })
      .toBe('Custom');
    // Spec §3: a custom guide sets the opacity to 0.7.
    expect((await engineSettings()).Camera?.CompositionOpacity).toBeCloseTo(0.7);
    await expect(page.getByRole('combobox', { name: 'Guide' })).toHaveText('Custom image');

    await page.getByRole('switch', { name: 'Show composition guide' }).click();
    await expect.poll(async () => (await engineSettings()).Camera?.CompositionGuide).toBe('None');
    await page.getByRole('switch', { name: 'Show composition guide' }).click();
    await expect.poll(async () => (await engineSettings()).Camera?.CompositionGuide).toBe('Custom');
  });
});
