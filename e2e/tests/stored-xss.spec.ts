import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { API_BASE, API_ROUTES, pathTo, type Group, type RenderJob, type Upload, type User } from '@autostudio/protocol';
import { openAdminPage, rowAction, tableRow } from '../support/admin';
import { recordViolations, type Violation } from '../support/csp-violations';
import { expect, test } from '../support/fixtures';
import { smallStill } from '../support/render-api';
import { closeGallery, galleryCard, openGallery } from '../support/gallery';
import { solidPng } from '../support/png';
import { E2E_ADMIN, E2E_BASE_URL } from '../support/server';
import { loginApi, signInThroughApi } from '../support/sign-in';

const CAR_GLB = fileURLToPath(new URL('../../apps/engine/assets/terra.glb', import.meta.url));

const tag = randomUUID().slice(0, 6);
/**
 * Script-bearing text as an attacker would store it: an element with an event handler, one that first closes an
 * attribute, a script element, a `javascript:` URL and a handler that opens a dialog. Each would set `window.__xss`
 * (or open a dialog) if the web app put it into the page as HTML or as a link.
 */
const PAYLOADS = [
  `<img src=x onerror="window.__xss='img'">`,
  `"><svg onload="window.__xss='svg'">`,
  `<script>window.__xss='script'</script>`,
  `javascript:window.__xss='link'//`,
  `<img src=y onerror="alert('xss')">`,
] as const;
const stored = (label: string, payload: number) => `${label} ${tag} ${PAYLOADS[payload]}`;

/** Every name and description the web app shows, each with a payload in it. */
const TEXT = {
  userName: stored('Riley', 0),
  groupName: stored('Crew', 1),
  groupDescription: stored('About the crew', 2),
  preset: stored('Look', 0),
  presetCategory: stored('Mood', 1),
  animation: stored('Move', 2),
  config: stored('Setup', 1),
  configDescription: stored('Notes', 3),
  model: stored('Roadster', 4),
  modelBrand: stored('Marque', 0),
  render: stored('Still', 0),
  renderDescription: stored('Caption', 4),
  renderCategory: stored('Shelf', 3),
  /** A backplate's file name, which the environment panel shows while and after it uploads. */
  backplateFile: `Plate ${tag} <img src=q onerror="window.__xss='file'">.png`,
};

const USER = { username: `xss-${tag}`, password: 'e2e-xss-user-password' };

interface Seeded {
  renderJobId: string;
  userHeaders: { authorization: string };
}

async function signIn(api: APIRequestContext, credentials: { username: string; password: string }) {
  const { accessToken, user } = await loginApi(api, credentials);
  return { user, headers: { authorization: `Bearer ${accessToken}` } };
}

async function created<T>(answer: Promise<{ status(): number; text(): Promise<string>; json(): Promise<unknown> }>) {
  const response = await answer;
  expect([200, 201, 202], await response.text()).toContain(response.status());
  return (await response.json()) as T;
}

/**
 * Stores every payload through the real API, as a user and the administrator would: a user with a group, a
 * post-process preset and an animation of that user's, a configuration, a render (the one slow part: the server's
 * render engine makes it) and an asset model shared with the user.
 */
async function seed(api: APIRequestContext): Promise<Seeded> {
  const admin = await signIn(api, E2E_ADMIN);
  const user = await created<User>(
    api.post(`${API_BASE}${API_ROUTES.users.create}`, {
      headers: admin.headers,
      data: { ...USER, name: TEXT.userName, roles: ['user'] },
    }),
  );
  const group = await created<Group>(
    api.post(`${API_BASE}${API_ROUTES.groups.create}`, {
      headers: admin.headers,
      data: { name: TEXT.groupName, description: TEXT.groupDescription, userIds: [user.id] },
    }),
  );
  const owner = await signIn(api, USER);

  // The render first: it takes longest, and runs while the rest is stored and the admin pages are read.
  const render = await created<RenderJob>(
    api.post(`${API_BASE}${API_ROUTES.render.still}`, {
      headers: owner.headers,
      data: smallStill({ name: TEXT.render, description: TEXT.renderDescription, category: TEXT.renderCategory }),
    }),
  );

  const preset = await created<{ id: string }>(
    api.post(`${API_BASE}${API_ROUTES.presets.create}`, {
      headers: owner.headers,
      data: { name: TEXT.preset, type: 'postProcess', category: TEXT.presetCategory, settings: '{}' },
    }),
  );
  await created(
    api.put(`${API_BASE}${pathTo(API_ROUTES.presets.shareGroup, { id: preset.id })}`, {
      headers: owner.headers,
      data: { groupIds: [group.id] },
    }),
  );
  const frame = await created<Upload>(
    api.post(`${API_BASE}${API_ROUTES.uploads.create}`, {
      headers: owner.headers,
      multipart: {
        filename: TEXT.backplateFile,
        file: { name: 'frame.png', mimeType: 'image/png', buffer: solidPng(32, 18, [200, 40, 40]) },
      },
    }),
  );
  await created(
    api.post(`${API_BASE}${API_ROUTES.presets.create}`, {
      headers: owner.headers,
      data: { name: TEXT.animation, type: 'animation', groupId: frame.groupId },
    }),
  );
  await created(
    api.post(`${API_BASE}${API_ROUTES.configs.create}`, {
      headers: owner.headers,
      multipart: {
        name: TEXT.config,
        description: TEXT.configDescription,
        settings: JSON.stringify({ app: { product: null } }),
        imageFile: { name: 'snapshot.png', mimeType: 'image/png', buffer: solidPng(160, 90, [40, 90, 160]) },
      },
    }),
  );
  const model = await created<{ modelId: string; id: string }>(
    api.post(`${API_BASE}${API_ROUTES.assetModels.create}`, {
      headers: admin.headers,
      multipart: {
        name: TEXT.model,
        brand: TEXT.modelBrand,
        description: TEXT.groupDescription,
        file: { name: 'car.glb', mimeType: 'model/gltf-binary', buffer: readFileSync(CAR_GLB) },
        // A picture of its own, so that no preview render is queued for it.
        previewFile: { name: 'preview.png', mimeType: 'image/png', buffer: solidPng(160, 90, [90, 90, 90]) },
      },
    }),
  );
  await created(
    api.put(`${API_BASE}${pathTo(API_ROUTES.assetModels.shareUser, { id: model.id })}`, {
      headers: admin.headers,
      data: { userIds: [user.id] },
    }),
  );
  return { renderJobId: render.jobId, userHeaders: owner.headers };
}

/** Watches a page for every sign that stored text ran: dialogs, CSP reports, the `__xss` mark, javascript: links. */
async function watch(page: Page): Promise<{ violations: Violation[]; dialogs: string[] }> {
  const violations = await recordViolations(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return { violations, dialogs };
}

async function expectInert(page: Page, where: string): Promise<void> {
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss), where).toBeUndefined();
  expect(await page.locator('a[href^="javascript:" i], [src^="javascript:" i]').count(), where).toBe(0);
  expect(await page.locator('svg[onload], img[onerror], main script').count(), where).toBe(0);
}

/** The text is on the page as the characters that were stored: tags and all, as text, not as elements. */
async function expectLiteral(scope: Locator, ...texts: string[]): Promise<void> {
  for (const text of texts) await expect(scope.getByText(text).first()).toBeVisible();
}

test.describe.serial('stored XSS: every name and description the web app shows stays text', () => {
  let seeded: Seeded;

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(60_000);
    const api = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    seeded = await seed(api);
    await api.dispose();
  });

  test('the administration pages and their dialogs', async ({ page, loginPage, playwright }) => {
    test.setTimeout(360_000);
    const { violations, dialogs } = await watch(page);
    await openAdminPage(page, loginPage, 'Users');
    await expectInert(page, '/admin');

    const search = async (section: string) => {
      const navigation = page.getByRole('navigation', { name: 'Administration' });
      await navigation.getByRole('link', { name: section }).click();
      await expect(page.getByRole('heading', { level: 1, name: section })).toBeVisible();
      await page.getByRole('searchbox', { name: `Search ${section.toLowerCase()}` }).fill(tag);
      return page.getByRole('table', { name: section });
    };

    let table = await search('Users');
    await expectLiteral(table, TEXT.userName);
    await expectInert(page, 'users');

    table = await search('Groups');
    await expectLiteral(table, TEXT.groupName, TEXT.groupDescription);
    await expectInert(page, 'groups');

    table = await search('Presets');
    await expectLiteral(table, TEXT.preset, TEXT.presetCategory, TEXT.animation);
    // The share dialog names the preset and the group it is shared with.
    await rowAction(tableRow(page, 'Presets', TEXT.preset), 'Share');
    const share = page.getByRole('dialog');
    await expectLiteral(share, TEXT.groupName);
    await expectInert(page, 'share dialog');
    await page.keyboard.press('Escape');
    await expect(share).toHaveCount(0);

    table = await search('Configurations');
    await expectLiteral(table, TEXT.config, TEXT.configDescription);
    await rowAction(tableRow(page, 'Configurations', TEXT.config), 'Delete');
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Delete ${TEXT.config}?`);
    await expectInert(page, 'delete dialog');
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    table = await search('Asset models');
    await expectLiteral(table, TEXT.model, TEXT.modelBrand);
    await expectInert(page, 'asset models');

    // The render has had the time of all the above; it may need a little more.
    const api = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    await expect
      .poll(
        async () => {
          const answer = await api.get(
            `${API_BASE}${pathTo(API_ROUTES.render.status, { jobId: seeded.renderJobId })}`,
            {
              headers: seeded.userHeaders,
            },
          );
          return ((await answer.json()) as RenderJob).status;
        },
        { timeout: 240_000, intervals: [1000] },
      )
      .toBe('completed');
    await api.dispose();

    table = await search('Rendered assets');
    await expectLiteral(table, TEXT.render, TEXT.renderCategory);
    await tableRow(page, 'Rendered assets', TEXT.render)
      .getByRole('button', { name: `Open ${TEXT.render}` })
      .click();
    const viewer = page.getByRole('dialog', { name: TEXT.render });
    await expect(viewer).toContainText(TEXT.renderDescription);
    await expectInert(page, 'render viewer');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Overview' }).click();
    await expect(page).toHaveURL('/admin');
    await expectInert(page, '/admin overview');

    expect(dialogs).toEqual([]);
    expect(violations).toEqual([]);
  });

  test('/landing and the studio: panels, browsers, the gallery and an uploaded file name', async ({ page, studio }) => {
    test.setTimeout(300_000);
    const { violations, dialogs } = await watch(page);
    await signInThroughApi(page, USER);
    await expect(page).toHaveURL('/landing');
    await expect(page.getByRole('button', { name: `Open ${TEXT.model}` })).toBeVisible();
    await expectLiteral(page.locator('body'), TEXT.model);
    await expectInert(page, '/landing');

    await studio.openBuiltInCar();
    await studio.waitForLive();
    await studio.waitForPanels();

    await studio.openPanel('Look');
    const look = page.getByRole('tabpanel', { name: 'Look' });
    await look.getByRole('searchbox', { name: 'Search presets' }).fill(tag);
    await expect(
      look.getByRole('list', { name: 'Presets' }).getByRole('button', { name: `Apply ${TEXT.preset}` }),
    ).toBeVisible();
    await expectLiteral(look, TEXT.preset);
    await look.getByRole('combobox', { name: 'Category' }).click();
    await expect(page.getByRole('option', { name: TEXT.presetCategory })).toBeVisible();
    await expectInert(page, 'look panel');
    await page.keyboard.press('Escape');

    const timeline = page.getByRole('region', { name: 'Animation timeline' });
    await page.getByRole('button', { name: 'Timeline', exact: true }).click();
    await timeline.getByRole('button', { name: 'Saved animations' }).click();
    await timeline.getByRole('searchbox', { name: 'Search animations' }).fill(tag);
    await expect(timeline.getByRole('button', { name: `Load ${TEXT.animation}` })).toBeVisible();
    await expectLiteral(timeline, TEXT.animation);
    await expectInert(page, 'saved animations');
    await page.getByRole('button', { name: 'Timeline', exact: true }).click();

    await page.getByRole('button', { name: 'Configurations' }).click();
    const configurations = page.getByRole('dialog', { name: 'Configurations' });
    await expect(configurations.getByRole('button', { name: TEXT.config, exact: true })).toBeVisible();
    await expectLiteral(configurations, TEXT.config, TEXT.configDescription);
    await expectInert(page, 'configurations');
    await page.keyboard.press('Escape');
    await expect(configurations).toHaveCount(0);

    const gallery = await openGallery(page);
    await galleryCard(gallery, TEXT.render).click();
    const viewer = page.getByRole('dialog', { name: TEXT.render });
    await expect(viewer).toContainText(TEXT.renderDescription);
    await expectInert(page, 'gallery viewer');
    await closeGallery(page, gallery);

    await studio.openPanel('Environment');
    await page.getByLabel('Backplate file').setInputFiles({
      name: TEXT.backplateFile,
      mimeType: 'image/png',
      buffer: solidPng(64, 36, [255, 0, 255]),
    });
    await expect(page.getByRole('img', { name: 'Backplate preview' })).toBeVisible({ timeout: 20_000 });
    // The server keeps a safe form of the name; either way it is shown as text.
    await expect(page.getByRole('tabpanel', { name: 'Environment' }).getByText(`Plate ${tag}`)).toBeVisible();
    await expectInert(page, 'environment panel');

    await studio.signOut();
    expect(dialogs).toEqual([]);
    expect(violations).toEqual([]);
  });
});
