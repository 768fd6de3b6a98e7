import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API_BASE, API_ROUTES, STORAGE_KEYS, type LoginResponse } from '@autostudio/protocol';

/** Signs in through the API: the tokens and the user, for calls made outside the page. */
export async function loginApi(
  request: APIRequestContext,
  account: { username: string; password: string },
): Promise<LoginResponse> {
  const login = await request.post(`${API_BASE}${API_ROUTES.auth.login}`, {
    data: { username: account.username, password: account.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  return (await login.json()) as LoginResponse;
}

/**
 * Signs in through the API and hands the tokens to the app where its own sign-in keeps them (session storage, spec
 * §9), then opens the start page, which sends the user where the sign-in screen would: /landing, or /admin for an
 * administrator. The sign-in screen has specs of its own (sign-in, SSO, content security policy); the rest skip it.
 */
export async function signInThroughApi(page: Page, account: { username: string; password: string }): Promise<void> {
  const { accessToken, refreshToken } = await loginApi(page.request, account);
  // Session storage is the origin's: any page of it will do, and the health answer is the cheapest there is.
  await page.goto(`${API_BASE}${API_ROUTES.health}`);
  await page.evaluate(
    ({ keys, tokens }) => {
      sessionStorage.setItem(keys.accessToken, tokens.accessToken);
      if (tokens.refreshToken) sessionStorage.setItem(keys.refreshToken, tokens.refreshToken);
    },
    { keys: STORAGE_KEYS, tokens: { accessToken, refreshToken } },
  );
  await page.goto('/');
}
