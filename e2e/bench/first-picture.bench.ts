import { API_BASE, API_ROUTES, BUILT_IN_PRODUCT, type AssetModel, type ListResult } from '@autostudio/protocol';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { E2E_ADMIN } from '../support/server';
import { signInThroughApi } from '../support/sign-in';

/**
 * Issue 33 item 1: from the click on a car on /landing, how long until the user sees a picture of it, and how long
 * until the live stream shows it. Cold: a new browser (empty cache) that clicks as soon as the card is there, before
 * its picture has loaded. Warm: the same browser opening the car again, from /landing, with the picture cached.
 * The times are the page's own clock (performance.now), from the click's event to the first paint of each.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

interface Timing {
  picture: number;
  live: number;
}

/** Clicks Open on the built-in car and resolves with when its first picture and its live stream showed. */
async function openCar(page: Page, waitForCardPicture: boolean): Promise<Timing> {
  const open = page.getByRole('button', { name: `Open ${BUILT_IN_PRODUCT.name}` });
  await expect(open).toBeVisible();
  if (waitForCardPicture) {
    await expect.poll(() => open.locator('img').evaluate((image: HTMLImageElement) => image.complete)).toBe(true);
  }
  await page.evaluate(() => {
    const marks: Partial<Record<string, number>> = {};
    (window as unknown as { marks: typeof marks }).marks = marks;
    const pictureShown = (image: Element | null) =>
      image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0;
    const check = () => {
      const now = performance.now();
      if (marks.click === undefined) return;
      const picture =
        document.querySelector('[data-testid="loading-picture"]') ??
        document.querySelector('[data-testid="first-picture"][data-visible="true"]');
      if (marks.picture === undefined && pictureShown(picture)) marks.picture = now - marks.click;
      const live = document.querySelector('[data-testid="viewport"][data-stream-state="live"]');
      if (marks.live === undefined && live) marks.live = now - marks.click;
    };
    document.addEventListener('click', (event) => (marks.click ??= event.timeStamp), { capture: true, once: true });
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, attributes: true });
    // An image that finishes loading changes no attribute: its load event is the moment.
    document.addEventListener('load', check, { capture: true });
  });
  await open.click();
  await expect(page).toHaveURL('/home', { timeout: 60_000 });
  await expect(page.getByTestId('viewport')).toHaveAttribute('data-stream-state', 'live', { timeout: 60_000 });
  const marks = await page.evaluate(() => (window as unknown as { marks: Record<string, number> }).marks);
  expect(marks.picture).toBeDefined();
  expect(marks.live).toBeDefined();
  return { picture: marks.picture ?? NaN, live: marks.live ?? NaN };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const ms = (value: number) => `${Math.round(value)} ms`;

function report(label: string, timings: Timing[]): void {
  const pictures = timings.map((timing) => timing.picture);
  const lives = timings.map((timing) => timing.live);
  console.log(
    `${label.padEnd(5)} click → first picture: median ${ms(median(pictures))} (${pictures.map(ms).join(', ')}); ` +
      `click → live stream: median ${ms(median(lives))} (${lives.map(ms).join(', ')}); ` +
      `live / picture: ${(median(lives) / median(pictures)).toFixed(1)}×`,
  );
}

test('the first picture of a car opened from /landing, cold and warm', async ({ browser, request, createAccount }) => {
  // The server renders the built-in car's preview at startup; the benchmark measures the studio with it.
  const login = await request.post(`${API_BASE}${API_ROUTES.auth.login}`, { data: E2E_ADMIN });
  const { accessToken } = (await login.json()) as { accessToken: string };
  await expect
    .poll(
      async () => {
        const response = await request.get(`${API_BASE}${API_ROUTES.assetModels.filtered}?limit=100`, {
          headers: { authorization: `Bearer ${accessToken}` },
        });
        const { items } = (await response.json()) as ListResult<AssetModel>;
        return items.find((item) => item.modelId === BUILT_IN_PRODUCT.modelId)?.previewUrl ?? null;
      },
      { timeout: 120_000 },
    )
    .not.toBeNull();
  const cold: Timing[] = [];
  const warm: Timing[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await signInThroughApi(page, await createAccount(['user']));
      cold.push(await openCar(page, false));
      await page.goto('/landing');
      warm.push(await openCar(page, true));
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL('/login');
    } finally {
      await context.close();
    }
  }
  report('cold', cold);
  report('warm', warm);
});
