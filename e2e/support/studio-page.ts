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

  /** The inspector's panels once the engine has been read (they replace "Reading the engine…"). */
  async waitForPanels(): Promise<void> {
    await expect(this.page.getByRole('tablist', { name: 'Studio panels' })).toBeVisible({ timeout: 30_000 });
    await expect(this.page.getByText(/Reading the engine|Waiting for the engine/)).toHaveCount(0, { timeout: 30_000 });
  }

  /** Chooses a panel on the inspector's rail. */
  async openPanel(title: string): Promise<void> {
    await this.page.getByRole('tab', { name: title }).click();
    const panel = this.page.getByRole('tabpanel', { name: title });
    await expect(panel).toBeVisible();
    // Panels after the first load their code when first opened.
    await expect(panel.getByRole('status', { name: `Loading ${title}` })).toHaveCount(0, { timeout: 20_000 });
  }

  /** Signs out, which releases the session: the shared test engine is free for the next test. */
  async signOut(): Promise<void> {
    await this.page.getByRole('button', { name: 'Sign out' }).click();
    await expect(this.page).toHaveURL('/login');
  }

  async waitForLive(): Promise<void> {
    await expect(this.viewport).toHaveAttribute('data-stream-state', 'live', { timeout: 60_000 });
  }

  /** Frames the viewport's player has decoded so far. */
  async framesDecoded(): Promise<number> {
    return Number(await this.viewport.getAttribute('data-frames-decoded'));
  }

  /** Drags across the viewport (a crane move): the engine renders, so new frames come down the stream. */
  async dragCamera(): Promise<void> {
    const box = await this.viewport.boundingBox();
    if (!box) throw new Error('The viewport has no box');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    for (let step = 1; step <= 10; step += 1) await this.page.mouse.move(x + step * 30, y, { steps: 2 });
    await this.page.mouse.up();
  }
}
