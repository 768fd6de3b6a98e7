import { expect, studioForTheseTests, test } from '../support/fixtures';
import { engineCall, engineSettings } from '../support/engine-api';
import { pictureDifference, videoPicture } from '../support/picture';
import { solidPng } from '../support/png';

/** The environment panel against the shared reference engine, read back through the Remote Control API. */
test.describe('the environment panel', () => {
  // One studio for the four, in this order: the backplate's in the studio environment it starts in, then the floor
  // (a studio option) before the other environments.
  const shared = studioForTheseTests('Environment');

  test('an uploaded backplate reaches the engine through a signed link and shows behind the car', async () => {
    const { page } = shared;
    const before = await videoPicture(page);
    await page.getByLabel('Backplate file').setInputFiles({
      name: 'magenta-plate.png',
      mimeType: 'image/png',
      buffer: solidPng(256, 144, [255, 0, 255]),
    });
    await expect.poll(async () => (await engineSettings()).Environment?.Backplate, { timeout: 20_000 }).toBe(true);
    await expect(page.getByText('magenta-plate.png')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Backplate preview' })).toBeVisible();
    await expect
      .poll(async () => pictureDifference(before.pixels, (await videoPicture(page)).pixels), { timeout: 20_000 })
      .toBeGreaterThan(4);

    await page.getByRole('switch', { name: 'Show backplate' }).click();
    await expect.poll(async () => (await engineSettings()).Environment?.Backplate).toBe(false);
  });

  test('a file that is not an image is refused before it is sent', async () => {
    const { page } = shared;
    await page.getByLabel('Backplate file').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await expect(page.getByRole('alert').filter({ hasText: /PNG, JPEG or WebP/ })).toBeVisible();
    expect((await engineSettings()).Environment?.Backplate).toBe(false);
  });

  test("the studio floor's gloss, an environment, its scatter, the time of day with its lamps and the sun reach the engine", async () => {
    const { page } = shared;
    // The studio's own option: how glossy its floor is.
    await page.getByRole('slider', { name: 'Floor Gloss' }).focus();
    await page.keyboard.press('End');
    await expect.poll(async () => (await engineCall('GetAllPCGOptions')).PCGOptions.FloorGloss).toBe(1);

    const before = await videoPicture(page);
    await page.getByRole('combobox', { name: 'Environment' }).click();
    await page.getByRole('option', { name: 'Desert PCG' }).click();
    await expect.poll(async () => (await engineSettings()).Environment?.Path, { timeout: 20_000 }).toBe('desert-pcg');
    await expect
      .poll(async () => pictureDifference(before.pixels, (await videoPicture(page)).pixels), { timeout: 20_000 })
      .toBeGreaterThan(4);

    await page.getByRole('slider', { name: 'Grass Density' }).focus();
    await page.keyboard.press('Home');
    await expect.poll(async () => (await engineCall('GetAllPCGOptions')).PCGOptions.GrassDensity).toBe(0);

    const day = await videoPicture(page);
    await page
      .getByRole('radiogroup', { name: 'Time of day' })
      .getByRole('radio', { name: 'Night', exact: true })
      .click();
    // The engine answers after it has relit the desert for the new sun: seconds on a busy CPU renderer.
    await expect
      .poll(async () => (await engineCall('Get Time Of the Day Options')).Current, { timeout: 20_000 })
      .toBe('Night');
    // Spec §4: at night every lamp of the car is on at intensity 1.
    await expect
      .poll(async () => Object.values((await engineCall('GetCarLights')).Lights))
      .toEqual(expect.arrayContaining([{ OnOff: true, Intensity: 1 }]));
    expect(Object.values((await engineCall('GetCarLights')).Lights).every((lamp) => lamp.OnOff)).toBe(true);
    await expect
      .poll(async () => pictureDifference(day.pixels, (await videoPicture(page)).pixels), { timeout: 20_000 })
      .toBeGreaterThan(4);
    await page
      .getByRole('radiogroup', { name: 'Time of day' })
      .getByRole('radio', { name: 'Noon', exact: true })
      .click();
    // Back to day relights the desert too before the engine turns the lamps off: the same wait as for Night.
    await expect
      .poll(async () => Object.values((await engineCall('GetCarLights')).Lights).some((lamp) => lamp.OnOff), {
        timeout: 20_000,
      })
      .toBe(false);

    await page.getByRole('textbox', { name: 'Sun direction value' }).fill('245');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await engineSettings()).Environment?.SunAzimuth).toBe(245);
  });

  test('the HDRI backdrop shows its settings, which reach the engine', async () => {
    const { page } = shared;
    await page.getByRole('combobox', { name: 'Environment' }).click();
    await page.getByRole('option', { name: 'HDRI Backdrop' }).click();
    await expect.poll(async () => (await engineSettings()).Environment?.Path, { timeout: 20_000 }).toBe('HDRIBackdrop');
    await page.getByRole('slider', { name: 'Intensity' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await engineSettings()).Environment?.Hdr?.Intensity).toBeCloseTo(2.1);
  });
});
