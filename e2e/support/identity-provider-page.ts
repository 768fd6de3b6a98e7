import { expect, type Page } from '@playwright/test';

/** The test OpenID Connect provider's sign-in page (e2e/oidc-provider.mjs), driven the way a person would. */
export class IdentityProviderPage {
  constructor(private readonly page: Page) {}

  async signIn(username: string, password: string): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
    await this.page.getByLabel('Username').fill(username);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  async cancel(): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
    await this.page.getByRole('link', { name: 'Cancel' }).click();
  }
}
