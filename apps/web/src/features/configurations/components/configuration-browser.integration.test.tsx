import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FAILURE_TOASTS, SUCCESS_TOASTS, type LoginResponse } from '@autostudio/protocol';
import { createConfiguration } from '@/api/configurations';
import { createUser, login, pointApiClientAt, serverOrigin } from '@/test/real-server';
import { findToast } from '@/test/toasts';
import { ConfigurationBrowser } from './configuration-browser';

function renderBrowser(user: LoginResponse['user']) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ConfigurationBrowser open onOpenChange={() => undefined} user={user} onLoad={vi.fn()} onShare={vi.fn()} />
      <Toaster />
    </QueryClientProvider>,
  );
}

/** The cards' names: each card is a toggle button (aria-pressed) named after its configuration. */
const names = () =>
  within(screen.getByRole('list', { name: 'Configurations' }))
    .queryAllByRole('button')
    .filter((button) => button.hasAttribute('aria-pressed'))
    .map((card) => card.getAttribute('aria-label'));

describe('the studio’s configuration browser against the real server', () => {
  let tokens: LoginResponse;
  beforeAll(async () => {
    const account = await createUser('browsing');
    tokens = await login(account.username, account.password);
    pointApiClientAt(serverOrigin(), { getAccessToken: () => tokens.accessToken });
    // Twelve: one more page than the spec's ten a page.
    for (let index = 1; index <= 12; index += 1) {
      await createConfiguration({
        name: `Drive ${String(index).padStart(2, '0')}`,
        description: '',
        settings: { app: { product: { id: 'terra' } } },
      });
    }
  });

  it('pages, searches from the first page, renames and deletes, showing the server’s list after each', async () => {
    pointApiClientAt(serverOrigin(), { getAccessToken: () => tokens.accessToken });
    renderBrowser(tokens.user);
    const user = userEvent.setup();
    await waitFor(() => expect(names()).toHaveLength(10));

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(names()).toHaveLength(2));

    await user.type(screen.getByRole('searchbox', { name: 'Search configurations' }), 'Drive 0');
    // Nine match; the search starts again at the first page, where all nine fit.
    await waitFor(() => expect(names()).toHaveLength(9));

    await user.click(screen.getByRole('button', { name: 'Actions for Drive 03' }));
    await user.click(screen.getByRole('menuitem', { name: 'Rename' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Drive 03 at dusk');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await findToast(SUCCESS_TOASTS.configurationRenamed)).toBeVisible();
    await waitFor(() => expect(names()).toContain('Drive 03 at dusk'));

    await user.click(screen.getByRole('button', { name: 'Actions for Drive 04' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await findToast(SUCCESS_TOASTS.configurationDeleted)).toBeVisible();
    await waitFor(() => expect(names()).not.toContain('Drive 04'));
    expect(names()).toHaveLength(8);
  });

  it('says "Failed to fetch configurations" in a toast and in the dialog when the list cannot be fetched', async () => {
    pointApiClientAt('http://server.test');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ message: 'database unavailable' }), { status: 503 }))),
    );
    renderBrowser(tokens.user);
    expect(await findToast(FAILURE_TOASTS.fetchConfigurations)).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(FAILURE_TOASTS.fetchConfigurations);
    vi.unstubAllGlobals();
  });
});
