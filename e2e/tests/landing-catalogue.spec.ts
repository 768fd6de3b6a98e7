import { fileURLToPath } from 'node:url';
import { API_BASE, API_ROUTES, type AssetModel, type ListResult } from '@autostudio/protocol';
import { expect, test } from '../support/fixtures';

const SCREENSHOT = fileURLToPath(new URL('../../docs/landing-catalogue.png', import.meta.url));

const CARS: [name: string, brand: string, category: string][] = [
  ['Terra Limited', 'Autostudio', 'SUV'],
  ['Terra Wilderness', 'Autostudio', 'SUV'],
  ['Coast GT', 'Meridian', 'Coupe'],
  ['Coast Touring', 'Meridian', 'Estate'],
  ['Harbor Van', 'Meridian', 'Van'],
  ['Summit Pickup', 'Northline', 'Pickup'],
  ['Summit Crew', 'Northline', 'Pickup'],
  ['Vela Sedan', 'Northline', 'Sedan'],
  ['Vela Hybrid', 'Northline', 'Sedan'],
  ['Orbit EV', 'Autostudio', 'Hatchback'],
  ['Orbit EV Sport', 'Autostudio', 'Hatchback'],
  ['Ridge 4x4', 'Meridian', 'SUV'],
];

/**
 * /landing over a catalogue larger than one page (issue 30 item 15): the real app and server, the list answered by
 * copies of the built-in car under other names (a catalogue of a dozen uploaded cars would take minutes to set up),
 * paged and searched by the page itself. Leaves docs/landing-catalogue.png.
 */
test('/landing pages, searches and filters a catalogue of more than one page', async ({
  page,
  loginPage,
  createAccount,
}) => {
  const account = await createAccount(['user']);
  let builtIn: AssetModel | undefined;
  await page.route(`**${API_BASE}${API_ROUTES.assetModels.filtered}?*`, async (route) => {
    const real = await route.fetch();
    builtIn ??= ((await real.json()) as ListResult<AssetModel>).items[0];
    const query = new URL(route.request().url()).searchParams;
    const catalogue = CARS.map(([name, brand, category], index) => ({
      ...(builtIn as AssetModel),
      id: `catalogue-${index}`,
      name,
      brand,
      category,
    })).filter(
      (car) =>
        car.name.toLowerCase().includes((query.get('search') ?? '').toLowerCase()) &&
        (!query.get('category') || car.category === query.get('category')) &&
        (!query.get('brand') || car.brand === query.get('brand')),
    );
    const page_ = Number(query.get('page'));
    const limit = Number(query.get('limit'));
    await route.fulfill({
      json: { items: catalogue.slice((page_ - 1) * limit, page_ * limit), total: catalogue.length },
    });
  });
  await page.route(`**${API_BASE}${API_ROUTES.assetModels.filterOptions}`, (route) =>
    route.fulfill({
      json: {
        categories: [...new Set(CARS.map((car) => car[2]))].sort(),
        brands: [...new Set(CARS.map((car) => car[1]))].sort(),
        types: [],
        regions: [],
      },
    }),
  );

  // The app scrolls inside its shell, so the whole first page and its pager need a tall window.
  await page.setViewportSize({ width: 1280, height: 1420 });
  await loginPage.goto();
  await loginPage.signIn(account.username, account.password);
  const products = page.getByRole('list', { name: 'Products' });
  await expect(products.getByRole('button', { name: 'Open Terra Limited' })).toBeVisible();
  await expect(products.getByRole('listitem')).toHaveCount(10);
  await expect(page.getByText('1–10 of 12')).toBeVisible();
  await expect(products.locator('img').first()).toBeVisible();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: SCREENSHOT });

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(products.getByRole('listitem')).toHaveCount(2);

  await page.getByRole('searchbox', { name: 'Search vehicles' }).fill('summit');
  await expect(products.getByRole('listitem')).toHaveCount(2);
  await expect(page).toHaveURL(/search=summit/);
  await expect(page).not.toHaveURL(/page=2/);
});
