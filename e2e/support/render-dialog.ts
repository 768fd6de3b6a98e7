import type { Locator, Page } from '@playwright/test';

/**
 * A render dialog set to render small and quick: a custom size, LOW quality, one sample each way (a number box commits
 * its value when it loses focus, hence the Tab).
 */
export async function smallRenderSettings(dialog: Locator, width: number, height: number): Promise<void> {
  await dialog.getByRole('radiogroup', { name: 'Resolution' }).getByRole('radio', { name: 'Custom' }).click();
  await dialog.getByRole('textbox', { name: 'Width' }).fill(String(width));
  await dialog.getByRole('textbox', { name: 'Height' }).fill(String(height));
  await dialog.getByRole('radiogroup', { name: 'Quality' }).getByRole('radio', { name: 'LOW' }).click();
  for (const name of ['Anti-aliasing, spatial samples value', 'Anti-aliasing, temporal samples value']) {
    const box = dialog.getByRole('textbox', { name });
    await box.fill('1');
    await box.press('Tab');
  }
}

/** With DOCS_SCREENSHOTS=1, the page as it is now into docs/ (the pictures the README shows). */
export async function docShot(page: Page, file: string): Promise<void> {
  if (process.env.DOCS_SCREENSHOTS) await page.screenshot({ path: `docs/${file}` });
}
