import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import type { LoginPage } from './login-page';
import { E2E_ADMIN } from './server';
import { signInThroughApi } from './sign-in';

/** The administrator signs in and opens an admin page from the console's sidebar. */
export async function openAdminPage(page: Page, loginPage: LoginPage, section: string): Promise<void> {
  await signInThroughApi(page, E2E_ADMIN);
  await expect(page).toHaveURL('/admin');
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: section }).click();
  await expect(page.getByRole('heading', { level: 1, name: section })).toBeVisible();
}

/** The admin list's row that shows a text (a name, a username). */
export const tableRow = (page: Page, table: string, text: string): Locator =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });

/** Opens a row's "…" menu and picks an action. */
export async function rowAction(row: Locator, action: string): Promise<void> {
  await row.getByRole('button', { name: /^Actions for / }).click();
  await row.page().getByRole('menuitem', { name: action }).click();
}

/** A toast with exactly this text appears. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
}
