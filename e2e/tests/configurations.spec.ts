import {
  API_BASE,
  API_ROUTES,
  BUILT_IN_PRODUCT,
  SUCCESS_TOASTS,
  type Config,
  type ListResult,
} from '@autostudio/protocol';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, type Account } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/axe';
import {
  CONFIGURATION_LOADED_MS,
  LIGHT_ADDED_MS,
  engineCall,
  engineProperty,
  engineSettings,
} from '../support/engine-api';
import { E2E_ADMIN } from '../support/server';
import { StudioPage } from '../support/studio-page';
import { loginApi, signInThroughApi } from '../support/sign-in';

const tokenOf = async (request: APIRequestContext, account: Account) => (await loginApi(request, account)).accessToken;
const userIdOf = async (request: APIRequestContext, account: Account) => (await loginApi(request, account)).user.id;

/** A paint of the car other than the given one. */
async function otherPaint(than: string): Promise<string> {
  const other = (await engineCall('Get Material Options')).MaterialOptions.find((paint) => paint !== than);
  if (!other) throw new Error('The car has one paint');
  return other;
}

/** The configurations a user can see, through the API. */
async function configurationsOf(request: APIRequestContext, account: Account): Promise<string[]> {
  const answer = await request.get(`${API_BASE}${API_ROUTES.configs.filtered}?page=1&limit=50`, {
    headers: { authorization: `Bearer ${await tokenOf(request, account)}` },
  });
  return ((await answer.json()) as ListResult<Config>).items.map((config) => config.name);
}

/** Saves the studio as a new configuration through the toolbar's dialog. */
async function saveAs(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /Save/ });
  await expect(dialog.getByRole('img', { name: 'Preview of the configuration' })).toBeVisible();
  await expectNoSeriousViolationsInDialog(page);
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Night shot for the brochure');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(SUCCESS_TOASTS.configurationCreated)).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

async function openShareDialog(page: Page, name: string) {
  const list = await openBrowser(page);
  await list.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: `Share “${name}”` });
  await expect(share).toBeVisible();
  return share;
}

/** Spec §9 of the configurator issue, for the dialogs too: no serious or critical axe violations. */
const expectNoSeriousViolationsInDialog = (page: Page) => expectNoSeriousViolations(page, 'dialog', '[role="dialog"]');

async function openBrowser(page: Page) {
  await page.getByRole('button', { name: 'Configurations' }).click();
  const browser = page.getByRole('dialog', { name: 'Configurations' });
  await expect(browser).toBeVisible();
  await expect(browser.getByRole('status')).toHaveCount(0);
  return browser;
}

test.describe('keeping and sharing work', () => {
  test.beforeEach(() => {
    test.setTimeout(240_000);
  });

  test('a saved configuration survives a reload, loads back over changes, and returns on a fresh car', async ({
    page,
    studio,
    enterStudio,
  }) => {
    await enterStudio('Car');
    // The trim first: a trim switch shuts the doors (spec §4). Every trim of the built-in car offers Glacier White.
    await page.getByRole('radiogroup', { name: 'Trim' }).getByRole('radio', { name: 'Wilderness' }).click();
    await expect.poll(async () => (await engineSettings()).Trim).toBe('Terra Wilderness');
    const paints = page.getByRole('radiogroup', { name: 'Paint' });
    await paints.getByRole('radio', { name: 'Glacier White' }).click();
    await page.getByRole('slider', { name: 'Front left' }).focus();
    await page.keyboard.press('End');
    await studio.openPanel('Environment');
    await page
      .getByRole('radiogroup', { name: 'Time of day' })
      .getByRole('radio', { name: 'Night', exact: true })
      .click();
    await studio.openPanel('Look');
    await page.getByRole('slider', { name: 'Exposure' }).focus();
    await page.keyboard.press('PageUp');
    const toneMapping = page.getByRole('radiogroup', { name: 'Tone mapping' });
    await toneMapping.getByRole('radio', { name: 'AgX' }).click();
    await expect.poll(async () => engineProperty('ToneMapper')).toBe('AgX');
    await studio.openPanel('Lights');
    await page.getByRole('button', { name: 'Add spot light' }).click();
    await expect
      .poll(async () => (await engineCall('GetAllLightData')).Lights.length, { timeout: LIGHT_ADDED_MS })
      .toBe(1);
    await expect.poll(async () => (await engineSettings()).ConfigureValues?.DOOR_FL).toBe(50);
    const saved = await engineSettings();
    expect(saved.Paint).toBe('glacier white');
    expect(saved.Environment?.TimeOfDay).toBe('Night');

    await saveAs(page, 'Showroom night');
    await expect(page.getByTitle('Current configuration')).toHaveText('Showroom night');

    // A reload comes back to the same engine, which kept the scene, and to the same current configuration.
    await page.reload();
    await studio.waitForLive();
    await studio.waitForPanels();
    await expect(page.getByTitle('Current configuration')).toHaveText('Showroom night');
    const reloaded = await engineSettings();
    expect(reloaded.Trim).toBe('Terra Wilderness');
    expect(reloaded.Paint).toBe(saved.Paint);
    expect(reloaded.ConfigureValues?.DOOR_FL).toBe(50);
    expect(reloaded.Environment?.TimeOfDay).toBe('Night');
    expect(reloaded.PostProcess?.ExposureCompensation).toBe(saved.PostProcess?.ExposureCompensation);
    expect(reloaded.CustomLights).toHaveLength(1);
    await studio.openPanel('Car');
    await expect(paints.getByRole('radio', { name: 'Glacier White' })).toBeChecked();
    await expect(
      page.getByRole('radiogroup', { name: 'Trim' }).getByRole('radio', { name: 'Wilderness' }),
    ).toBeChecked();
    await expect(page.getByRole('slider', { name: 'Front left' })).toHaveAttribute('aria-valuenow', '50');
    await studio.openPanel('Environment');
    await expect(
      page.getByRole('radiogroup', { name: 'Time of day' }).getByRole('radio', { name: 'Night', exact: true }),
    ).toBeChecked();
    await studio.openPanel('Car');

    // Changes after the save are undone by loading it from the browser.
    await studio.openPanel('Look');
    await toneMapping.getByRole('radio', { name: 'Neutral' }).click();
    await expect.poll(async () => engineProperty('ToneMapper')).toBe('Neutral');
    await studio.openPanel('Car');
    const other = await otherPaint('glacier white');
    await engineCall('Update New Config', {
      Settings: { Trim: 'Terra Base', Paint: other, Environment: { TimeOfDay: 'Noon' } },
    });
    const browser = await openBrowser(page);
    const card = browser.getByRole('button', { name: 'Showroom night', exact: true });
    await expect(card.locator('img')).toHaveAttribute('src', /.+/);
    await expectNoSeriousViolationsInDialog(page);
    await card.click();
    // Its picture covers the viewport at once while the engine takes the configuration, then gives way to the video.
    await page.evaluate(() => {
      const shown: string[] = [];
      (window as unknown as { picturesShown: string[] }).picturesShown = shown;
      new MutationObserver(() => {
        const picture = document.querySelector('[data-testid="first-picture"][data-visible="true"]');
        const src = picture?.getAttribute('src');
        if (src && shown.at(-1) !== src) shown.push(src);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await browser.getByRole('button', { name: 'Load', exact: true }).click();
    await expect(page.getByText(SUCCESS_TOASTS.configurationLoaded).first()).toBeVisible({
      timeout: CONFIGURATION_LOADED_MS,
    });
    const picturesShown = await page.evaluate(() => (window as unknown as { picturesShown: string[] }).picturesShown);
    expect(picturesShown).toHaveLength(1);
    expect(picturesShown[0]).toMatch(/^\/api\/media\/.+\.(jpg|png)$/);
    await expect(page.getByTestId('viewport')).toHaveAttribute('data-first-picture', 'hidden');
    await expect.poll(async () => (await engineSettings()).Paint).toBe('glacier white');
    const loaded = await engineSettings();
    expect(loaded.Trim).toBe('Terra Wilderness');
    expect(loaded.ConfigureValues?.DOOR_FL).toBe(50);
    expect(loaded.Environment?.TimeOfDay).toBe('Night');
    expect(loaded.CustomLights).toHaveLength(1);
    expect(await engineProperty('ToneMapper')).toBe('AgX');
    await expect(paints.getByRole('radio', { name: 'Glacier White' })).toBeChecked();

    // A fresh car (chosen again on /landing) gets the current configuration applied.
    await engineCall('Update New Config', { Settings: { Paint: other } });
    await page.goto('/landing');
    await page.getByRole('button', { name: `Open ${BUILT_IN_PRODUCT.name}` }).click();
    await expect(page).toHaveURL('/home', { timeout: 60_000 });
    await expect.poll(async () => (await engineSettings()).Paint, { timeout: 30_000 }).toBe('glacier white');
    await expect(page.getByTitle('Current configuration')).toHaveText('Showroom night');

    await studio.signOut();
  });

  test('shared through a group, a guest finds and loads it; revoked, it is gone; a guest cannot save', async ({
    page,
    browser,
    request,
    studio,
    enterStudioAs,
    createAccount,
  }) => {
    const owner = await createAccount(['user']);
    const guest = await createAccount(['client']);
    const groupName = `Reviewers ${Date.now()}`;
    const group = await request.post(`${API_BASE}${API_ROUTES.groups.create}`, {
      data: { name: groupName, userIds: [await userIdOf(request, guest)] },
      headers: { authorization: `Bearer ${await tokenOf(request, E2E_ADMIN)}` },
    });
    expect(group.status()).toBe(201);

    await enterStudioAs(owner, 'Car');
    await page.getByRole('radiogroup', { name: 'Paint' }).getByRole('radio', { name: 'Glacier White' }).click();
    await expect.poll(async () => (await engineSettings()).Paint).toBe('glacier white');
    await saveAs(page, 'For review');

    const share = await openShareDialog(page, 'For review');
    await share.getByRole('searchbox', { name: 'Search people and groups' }).fill(groupName);
    await share.getByRole('checkbox', { name: new RegExp(groupName) }).click();
    await expectNoSeriousViolationsInDialog(page);
    await share.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(page.getByText(SUCCESS_TOASTS.accessShared)).toBeVisible();
    await expect(share.getByRole('region', { name: 'Who has access' })).toContainText(groupName);
    await share.getByRole('button', { name: 'Done' }).click();
    await page.keyboard.press('Escape');
    await studio.signOut();

    // The guest, in their own browser: the shared configuration is there and loads; there is no Save.
    const context = await browser.newContext();
    const guestPage = await context.newPage();
    try {
      await signInThroughApi(guestPage, guest);
      const guestStudio = new StudioPage(guestPage);
      await guestStudio.openBuiltInCar();
      await guestStudio.waitForPanels();
      await expect(guestPage.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
      await engineCall('Update New Config', { Settings: { Paint: await otherPaint('glacier white') } });
      const guestList = await openBrowser(guestPage);
      const card = guestList.getByRole('button', { name: 'For review', exact: true });
      await expect(card).toContainText('Shared with you');
      // A guest may compare what is shared with them, but not rename, share or delete it.
      await guestList.getByRole('button', { name: 'Actions for For review' }).click();
      await expect(guestPage.getByRole('menuitem')).toHaveText(['Compare']);
      await guestPage.keyboard.press('Escape');
      await card.dblclick();
      await expect(guestPage.getByText(SUCCESS_TOASTS.configurationLoaded).first()).toBeVisible({
        timeout: CONFIGURATION_LOADED_MS,
      });
      await expect.poll(async () => (await engineSettings()).Paint).toBe('glacier white');
      await guestStudio.signOut();
    } finally {
      await context.close();
    }

    // The owner revokes the group's access: the guest no longer sees it.
    expect(await configurationsOf(request, guest)).toContain('For review');
    await enterStudioAs(owner);
    const again = await openShareDialog(page, 'For review');
    await again.getByRole('button', { name: `Remove access for ${groupName}` }).click();
    await expect(page.getByText(SUCCESS_TOASTS.accessRevoked)).toBeVisible();
    await expect(again.getByRole('region', { name: 'Who has access' })).toContainText('Nobody else can see it yet');
    expect(await configurationsOf(request, guest)).not.toContain('For review');
    await again.getByRole('button', { name: 'Done' }).click();
    await page.keyboard.press('Escape');
    await studio.signOut();
  });
});
