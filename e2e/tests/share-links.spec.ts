import { readFile } from 'node:fs/promises';
import { PRODUCT_MESSAGES, SUCCESS_TOASTS } from '@autostudio/protocol';
import { glbErrors } from '@autostudio/engine/testing/gltf';
import { expectNoSeriousViolations } from '../support/axe';
import { engineSettings } from '../support/engine-api';
import { expect, test } from '../support/fixtures';
import { docShot } from '../support/render-dialog';

test.describe('a read-only link to a configuration', () => {
  test('opens signed out with the picture, car and options, takes no engine, and dies when revoked', async ({
    page,
    browser,
    studio,
    enterStudio,
  }) => {
    test.setTimeout(180_000);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await enterStudio('Car');
    await page.getByRole('radiogroup', { name: 'Paint' }).getByRole('radio', { name: 'Rallye Red' }).click();
    await expect.poll(async () => (await engineSettings()).Paint).toBe('rallye red');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const save = page.getByRole('dialog', { name: /Save/ });
    await save.getByRole('textbox', { name: 'Name' }).fill('Weekend red');
    await save.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(SUCCESS_TOASTS.configurationCreated)).toBeVisible();

    await page.getByRole('button', { name: 'Configurations' }).click();
    const configurations = page.getByRole('dialog', { name: 'Configurations' });
    await configurations.getByRole('button', { name: 'Actions for Weekend red' }).click();
    await page.getByRole('menuitem', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share “Weekend red”' });
    const links = share.getByRole('region', { name: 'Links' });
    await links.getByRole('combobox', { name: 'Expires after' }).selectOption('7');
    await links.getByRole('button', { name: 'Create link' }).click();
    const address = links.getByRole('list', { name: 'Live links' }).getByRole('textbox', { name: 'Link address' });
    await expect(address).toHaveCount(1);
    const url = await address.inputValue();
    expect(url).toMatch(/\/v\/[A-Za-z0-9_-]{40,}$/);
    await expect(links).toContainText('Expires');
    // Created and copied in one click, ready to paste.
    await expect(links.getByRole('button', { name: 'Copy link' })).toContainText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expectNoSeriousViolations(page, 'share dialog with a link');
    await share.screenshot({ path: test.info().outputPath('share-links.png') });

    // Someone without an account opens it.
    const stranger = await browser.newContext();
    const viewer = await stranger.newPage();
    await viewer.goto(url);
    await expect(viewer.getByRole('heading', { name: 'Weekend red' })).toBeVisible();
    const about = viewer.getByRole('complementary', { name: 'About this configuration' });
    await expect(about).toContainText('Rallye Red');
    const still = viewer.getByRole('img', { name: 'Weekend red, as configured' });
    await expect.poll(() => still.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expect(viewer).toHaveURL(url);
    // The car as configured for AR and 3D tools, once the configuration's still job has exported it: each file with
    // its size, downloaded signed out under the configuration's name, a GLB the Khronos validator passes.
    const downloads = viewer.getByRole('region', { name: 'The car in 3D' });
    await expect
      .poll(
        async () => {
          await viewer.reload();
          await expect(viewer.getByRole('heading', { name: 'Weekend red' })).toBeVisible();
          return downloads.getByRole('link').count();
        },
        { timeout: 90_000, intervals: [1000, 2000] },
      )
      .toBe(2);
    await expect(downloads.getByRole('link', { name: /Download GLB \d+(\.\d)? (KB|MB)/ })).toBeVisible();
    await expect(downloads.getByRole('link', { name: /Download USDZ \d+(\.\d)? (KB|MB)/ })).toBeVisible();
    const [download] = await Promise.all([
      viewer.waitForEvent('download'),
      downloads.getByRole('link', { name: /Download GLB/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Weekend red.glb');
    expect(await glbErrors(await readFile(await download.path()))).toEqual([]);
    await expectNoSeriousViolations(viewer, 'public viewer');
    await viewer.screenshot({ path: test.info().outputPath('share-link-viewer.png') });
    await docShot(viewer, 'share-link-3d.png');

    // Revoked, it opens onto nothing, and says nothing about what was there.
    await links.getByRole('button', { name: 'Revoke link' }).click();
    await expect(links.getByRole('list', { name: 'Live links' })).toHaveCount(0);
    await viewer.reload();
    await expect(viewer.getByRole('heading', { name: PRODUCT_MESSAGES.linkNotFound })).toBeVisible();
    await expect(viewer.getByText('Weekend red')).toHaveCount(0);
    await stranger.close();

    await share.getByRole('button', { name: 'Done' }).click();
    await page.keyboard.press('Escape');
    await expect(configurations).toHaveCount(0);
    await studio.signOut();
  });
});
