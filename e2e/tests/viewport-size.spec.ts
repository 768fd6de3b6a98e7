import { expect, test } from '../support/fixtures';

test.describe('the viewport when the panels are hidden', () => {
  test('asks the engine for frames of the wider viewport instead of showing the old shape in black bars', async ({
    page,
    enterStudio,
    studio,
  }) => {
    test.setTimeout(120_000);
    await enterStudio();
    const video = page.locator('video');
    // The engine streams the viewport's shape (Pixel Streaming's match-viewport resolution), scaled down to its
    // own limit: the shapes are compared, not the sizes.
    const streamedShape = () =>
      video.evaluate((element: HTMLVideoElement) => element.videoWidth / Math.max(1, element.videoHeight));
    const viewportShape = async () => {
      const box = await studio.viewport.boundingBox();
      return box ? box.width / box.height : 0;
    };
    const mismatch = async () => Math.abs((await streamedShape()) / (await viewportShape()) - 1);
    await expect.poll(mismatch, { timeout: 20_000 }).toBeLessThan(0.03);
    const narrow = await viewportShape();

    await page.getByRole('button', { name: 'Hide panels' }).click();
    expect(await viewportShape()).toBeGreaterThan(narrow * 1.15);
    await expect.poll(mismatch, { timeout: 20_000 }).toBeLessThan(0.03);

    await page.getByRole('button', { name: 'Show panels' }).click();
    await expect.poll(mismatch, { timeout: 20_000 }).toBeLessThan(0.03);
    await studio.signOut();
  });
});
