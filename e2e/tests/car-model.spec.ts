import { readFile } from 'node:fs/promises';
import { glbErrors, glbJson } from '@autostudio/engine/testing/gltf';
import { engineSettings } from '../support/engine-api';
import { expect, test } from '../support/fixtures';
import { closeGallery, galleryCard, openGallery } from '../support/gallery';
import { docShot } from '../support/render-dialog';

test.describe('the car as a 3D model from the studio', () => {
  test('exports the configured car: each file’s size shown, then a GLB download that the Khronos validator passes', async ({
    page,
    enterStudio,
  }) => {
    test.setTimeout(240_000);
    await enterStudio();
    await page.getByRole('radiogroup', { name: 'Paint' }).getByRole('radio', { name: 'Rallye Red' }).click();
    await expect.poll(async () => (await engineSettings()).Paint).toBe('rallye red');

    await page.getByRole('button', { name: '3D', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Export 3D model' });
    await expect(dialog.getByTestId('car-model-summary')).toContainText('Rallye Red');
    await dialog.getByRole('textbox', { name: /Name/ }).fill('E2E car');
    await docShot(page, 'car-model-dialog.png');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();

    // The dialog stays with its export, then lists each file with its size before anything is downloaded.
    const files = dialog.getByRole('list', { name: 'Exported files' });
    await expect(files).toBeVisible({ timeout: 180_000 });
    await expect(files.getByRole('listitem')).toHaveCount(2);
    await expect(files.getByRole('listitem').first()).toContainText(/E2E car\.glb\s*GLB · \d+(\.\d)? (KB|MB)/);
    await expect(files.getByRole('listitem').last()).toContainText(/E2E car\.usdz\s*USDZ · \d+(\.\d)? (KB|MB)/);
    await docShot(page, 'car-model-files.png');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      files.getByRole('link', { name: 'Download GLB' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('E2E car.glb');
    const glb = await readFile(await download.path());
    expect(await glbErrors(glb)).toEqual([]);
    // The car in the paint it was given in the studio: Rallye Red's base colour, linear.
    const paint = glbJson(glb).materials?.find((material) => material.name === 'Paint');
    expect(paint?.pbrMetallicRoughness?.baseColorFactor?.[0]).toBeCloseTo(0.45, 2);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // In the gallery: a 3D render with the car's picture, each format a file of its own.
    const gallery = await openGallery(page);
    await galleryCard(gallery, 'E2E car').click();
    const viewer = page.getByRole('dialog', { name: 'E2E car' });
    await expect(viewer.getByRole('radiogroup', { name: 'Passes and layers' }).getByRole('radio')).toHaveText([
      'GLB',
      'USDZ',
    ]);
    const picture = viewer.getByRole('img', { name: 'E2E car, the exported car' });
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await docShot(page, 'car-model-gallery.png');
    await closeGallery(page, gallery);
  });
});
