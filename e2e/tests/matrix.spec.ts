import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { closeGallery, galleryCard, openGallery } from '../support/gallery';
import { docShot, smallRenderSettings } from '../support/render-dialog';

/** Pixels of an image shown in the page that read as a saturated red (a Rallye Red body), counted in a canvas. */
function redPixels(image: Locator): Promise<number> {
  return image.evaluate((element: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = element.naturalWidth;
    canvas.height = element.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) return -1;
    context.drawImage(element, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let red = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! > data[i + 1]! + 60 && data[i]! > data[i + 2]! + 60) red += 1;
    return red;
  });
}

const chip = (dialog: Locator, group: string, name: string) =>
  dialog.getByRole('group', { name: group }).getByRole('button', { name, exact: true });

async function pressed(button: Locator, on: boolean): Promise<void> {
  if ((await button.getAttribute('aria-pressed')) !== String(on)) await button.click();
  await expect(button).toHaveAttribute('aria-pressed', String(on));
}

/** The images' tab in the viewer, and the image it shows. */
async function show(page: Page, viewer: Locator, label: string): Promise<Locator> {
  await viewer.getByRole('radiogroup', { name: 'Passes and layers' }).getByRole('radio', { name: label }).click();
  const image = viewer.getByRole('img', { name: `E2E range, ${label}` });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  return image;
}

test.describe('a variant matrix from the studio', () => {
  test('2 trims × 2 paints: four images each in its paint, a contact sheet and a ZIP, in the gallery', async ({
    page,
    enterStudio,
  }) => {
    test.setTimeout(300_000);
    await enterStudio();
    await page.getByRole('button', { name: 'Matrix', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Render variant matrix' });
    await expect(dialog).toBeVisible();
    for (const trim of ['Terra Base', 'Terra Limited']) await pressed(chip(dialog, 'Trims', trim), true);
    await pressed(chip(dialog, 'Trims', 'Terra Wilderness'), false);
    // Exactly two paints, whichever the current trim started with.
    const paints = dialog.getByRole('group', { name: 'Paints' }).getByRole('button');
    for (const paint of await paints.all())
      await pressed(paint, ['Glacier White', 'Rallye Red'].includes((await paint.textContent()) ?? ''));
    await expect(dialog.getByRole('status')).toHaveText('4 stills.');
    await docShot(page, 'matrix-dialog.png');

    await smallRenderSettings(dialog, 256, 144);
    await dialog.getByRole('textbox', { name: /Name/ }).fill('E2E range');
    await dialog.getByRole('button', { name: 'Start matrix' }).click();
    await expect(dialog).toHaveCount(0);

    const row = page.getByRole('region', { name: 'Renders' }).getByRole('listitem', { name: 'E2E range' });
    await expect(row).toBeVisible();
    await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 240_000 });

    const gallery = await openGallery(page);
    await galleryCard(gallery, 'E2E range').click();
    const viewer = page.getByRole('dialog', { name: 'E2E range' });
    const choices = viewer.getByRole('radiogroup', { name: 'Passes and layers' });
    // The contact sheet first, the four variants, the ZIP last.
    await expect(choices.getByRole('radio')).toHaveText([
      'Contact sheet',
      'Terra Base - Glacier White',
      'Terra Base - Rallye Red',
      'Terra Limited - Glacier White',
      'Terra Limited - Rallye Red',
      'ZIP',
    ]);
    await show(page, viewer, 'Contact sheet');
    await docShot(page, 'matrix-gallery.png');
    for (const trim of ['Terra Base', 'Terra Limited']) {
      expect(await redPixels(await show(page, viewer, `${trim} - Rallye Red`))).toBeGreaterThan(500);
      expect(await redPixels(await show(page, viewer, `${trim} - Glacier White`))).toBeLessThan(50);
    }
    await choices.getByRole('radio', { name: 'ZIP' }).click();
    const download = viewer.getByRole('link', { name: 'Download ZIP' });
    const zip = await page.request.get((await download.getAttribute('href'))!);
    expect(zip.ok()).toBe(true);
    expect(zip.headers()['content-type']).toBe('application/zip');
    // A ZIP starts with a local file header.
    expect((await zip.body()).subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    await closeGallery(page, gallery);
  });
});
