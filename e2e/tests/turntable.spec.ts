import { expect, test } from '../support/fixtures';
import { closeGallery, galleryCard, openGallery } from '../support/gallery';
import { docShot, smallRenderSettings } from '../support/render-dialog';

test.describe('a turntable from the studio', () => {
  test('24 frames in the gallery as a car to turn: a drag turns it, the keys step it, Play spins it', async ({
    page,
    enterStudio,
  }) => {
    test.setTimeout(300_000);
    await enterStudio();
    await page.getByRole('button', { name: 'Turntable', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Render turntable' });
    await dialog.getByRole('radiogroup', { name: 'Frames per turn' }).getByRole('radio', { name: '24' }).click();
    await smallRenderSettings(dialog, 320, 180);
    await dialog.getByRole('textbox', { name: /Name/ }).fill('E2E spin');
    await docShot(page, 'turntable-dialog.png');
    await dialog.getByRole('button', { name: 'Start turntable' }).click();
    await expect(dialog).toHaveCount(0);

    const row = page.getByRole('region', { name: 'Renders' }).getByRole('listitem', { name: 'E2E spin' });
    await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 240_000 });
    await expect(row.getByRole('link', { name: '24 frames' })).toBeVisible();

    const gallery = await openGallery(page);
    await galleryCard(gallery, 'E2E spin').click();
    const viewer = page.getByRole('dialog', { name: 'E2E spin' });
    const car = viewer.getByRole('slider', { name: 'Turn the car' });
    await expect(car).toHaveAttribute('aria-valuenow', '0');
    const picture = car.getByRole('img');
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320);
    const first = await picture.getAttribute('src');

    // A drag a quarter of the stage to the left turns the car a quarter round.
    const box = (await car.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.6, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.35, y, { steps: 8 });
    await page.mouse.up();
    await expect(car).toHaveAttribute('aria-valuenow', '90');
    await expect(picture).not.toHaveAttribute('src', first!);
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320);
    await docShot(page, 'turntable-viewer.png');

    await car.press('ArrowLeft');
    await expect(car).toHaveAttribute('aria-valuenow', '105');
    await viewer.getByRole('button', { name: 'Play the turntable' }).click();
    await expect.poll(async () => Number(await car.getAttribute('aria-valuenow'))).not.toBe(105);
    await viewer.getByRole('button', { name: 'Pause the turntable' }).click();
    await closeGallery(page, gallery);
  });
});
