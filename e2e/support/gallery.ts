import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Opens the gallery from the toolbar: the sheet, once its first page is there. */
export async function openGallery(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Gallery', exact: true }).click();
  const gallery = page.getByRole('dialog', { name: 'Gallery' });
  await expect(gallery.getByRole('status', { name: 'Loading renders' })).toHaveCount(0);
  return gallery;
}

/** Closes the gallery (and its viewer, if open) with Escape, as a keyboard user would. */
export async function closeGallery(page: Page, gallery: Locator): Promise<void> {
  while ((await page.getByRole('dialog').count()) > 0 && (await gallery.count()) > 0)
    await page.keyboard.press('Escape');
  await expect(gallery).toHaveCount(0);
}

/** A render's card in the gallery: the button that opens it in the viewer. */
export const galleryCard = (gallery: Locator, renderName: string) =>
  gallery.getByRole('list', { name: 'Renders' }).getByRole('button', { name: renderName, exact: true });

/** Opens a video render in the gallery's viewer and answers its player's duration in seconds, once it is known. */
export async function galleryVideoDuration(page: Page, renderName: string): Promise<number> {
  const gallery = await openGallery(page);
  await galleryCard(gallery, renderName).click();
  const player = page.getByRole('dialog', { name: renderName }).locator('video');
  await expect(player).toHaveAttribute('controls', '');
  await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.duration || 0)).toBeGreaterThan(0);
  const duration = await player.evaluate((element: HTMLVideoElement) => element.duration);
  await closeGallery(page, gallery);
  return duration;
}
