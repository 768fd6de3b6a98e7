import { BUILT_IN_PRODUCT } from '@autostudio/protocol';
import { expect, type Locator, type Page } from '@playwright/test';

/** /landing's built-in car and the studio's live viewport, as the stream tests drive them. */
export class StudioPage {
  readonly viewport: Locator;

  constructor(private readonly page: Page) {
    this.viewport = page.getByTestId('viewport');
  }

  /** Chooses the built-in car on /landing and waits for /home (a cold engine loads it in tens of seconds). */
  async openBuiltInCar(): Promise<void> {
    await this.page.getByRole('button', { name: `Open ${BUILT_IN_PRODUCT.name}` }).click();
    await expect(this.page).toHaveURL('/home', { timeout: 60_000 });
  }

  async waitForLive(): Promise<void> {
    await expect(this.viewport).toHaveAttribute('data-stream-state', 'live', { timeout: 60_000 });
  }
}
