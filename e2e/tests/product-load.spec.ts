import {
  API_BASE,
  API_ROUTES,
  BUILT_IN_PRODUCT,
  SIGNALLING_PATH,
  type AssetModel,
  type ListResult,
} from '@autostudio/protocol';
import { expect, test } from '../support/fixtures';
import { E2E_ADMIN } from '../support/server';
import { signInThroughApi } from '../support/sign-in';

test.describe('opening a product', () => {
  test('a user chooses the built-in car on /landing and arrives in the studio', async ({ page, createAccount }) => {
    const account = await createAccount(['user']);
    await signInThroughApi(page, account);
    await expect(page).toHaveURL('/landing');

    await page.getByRole('button', { name: `Open ${BUILT_IN_PRODUCT.name}` }).click();
    await expect(page).toHaveURL('/home', { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: BUILT_IN_PRODUCT.name })).toBeVisible();
    await expect(page.getByTestId('viewport')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Session' })).toHaveText('Connected');

    // Signing out gives the engine back for the next person.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/login');
  });

  test('a user searches the catalogue on /landing, and the search stays in the address', async ({
    page,
    createAccount,
  }) => {
    const account = await createAccount(['user']);
    await signInThroughApi(page, account);
    await expect(page).toHaveURL('/landing');

    const search = page.getByRole('searchbox', { name: 'Search vehicles' });
    await search.fill('no such car');
    await expect(page.getByRole('status').filter({ hasText: 'No vehicle matches “no such car”.' })).toBeVisible();
    await expect(page).toHaveURL(/\/landing\?search=no\+such\+car/);

    await search.fill(BUILT_IN_PRODUCT.name);
    const car = page.getByRole('button', { name: `Open ${BUILT_IN_PRODUCT.name}` });
    await expect(car).toBeVisible();
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search vehicles' })).toHaveValue(BUILT_IN_PRODUCT.name);
    await expect(car).toBeVisible();
  });

  test('the built-in car shows the preview the server rendered of it on /landing, and at once when opened', async ({
    page,
    request,
    createAccount,
  }) => {
    // The server queued it at startup on a render engine of its own; it takes a moment.
    const login = await request.post(`${API_BASE}${API_ROUTES.auth.login}`, { data: E2E_ADMIN });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const previewUrl = async () => {
      const response = await request.get(`${API_BASE}${API_ROUTES.assetModels.filtered}?limit=100`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      const { items } = (await response.json()) as ListResult<AssetModel>;
      return items.find((item) => item.modelId === BUILT_IN_PRODUCT.modelId)?.previewUrl ?? null;
    };
    await expect.poll(previewUrl, { timeout: 90_000 }).toMatch(/^\/api\/media\/.*\.jpg$/);

    const account = await createAccount(['user']);
    await signInThroughApi(page, account);
    await expect(page).toHaveURL('/landing');
    const preview = page.getByRole('button', { name: `Open ${BUILT_IN_PRODUCT.name}` }).locator('img');
    await expect(preview).toHaveAttribute('src', (await previewUrl()) ?? '');
    // A real 16:9 picture, not a broken image.
    await expect
      .poll(() => preview.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]))
      .toEqual([640, 360]);

    // Opening it shows that picture at once behind the progress, and in the studio until the stream is live.
    await page.evaluate(() => {
      // Every state the viewport passes through, in order: the picture must come before the live video.
      const seen: string[] = [];
      (window as unknown as { viewportStates: string[] }).viewportStates = seen;
      new MutationObserver(() => {
        const viewport = document.querySelector('[data-testid="viewport"]');
        if (!viewport) return;
        const state = `${viewport.getAttribute('data-stream-state')}/${viewport.getAttribute('data-first-picture')}`;
        if (seen.at(-1) !== state) seen.push(state);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await preview.click();
    const loadingPicture = page.getByTestId('loading-picture');
    await expect(loadingPicture).toBeVisible();
    await expect(loadingPicture).toHaveAttribute('src', (await previewUrl()) ?? '');
    await page.screenshot({ path: test.info().outputPath('first-picture-loading.png') });
    await expect(page).toHaveURL('/home', { timeout: 20_000 });
    const viewport = page.getByTestId('viewport');
    await expect(viewport).toHaveAttribute('data-stream-state', 'live', { timeout: 20_000 });
    await expect(viewport).toHaveAttribute('data-first-picture', 'hidden');
    const states = await page.evaluate(() => (window as unknown as { viewportStates: string[] }).viewportStates);
    expect(states[0]).toBe('connecting/shown');
    expect(states.at(-1)).toBe('live/hidden');
    await expect(page.getByTestId('first-picture')).toHaveAttribute('src', (await previewUrl()) ?? '');

    // A reload whose stream is slow to come (its signalling held here) shows the car, not a black box, meanwhile.
    await page.routeWebSocket(new RegExp(SIGNALLING_PATH), () => {});
    await page.reload();
    await expect(viewport).toHaveAttribute('data-stream-state', 'connecting');
    await expect(viewport).toHaveAttribute('data-first-picture', 'shown');
    await expect(page.getByTestId('first-picture')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Connecting to the stream…' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('first-picture-studio.png') });

    // Signing out gives the engine back for the next test.
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/login');
  });
});
