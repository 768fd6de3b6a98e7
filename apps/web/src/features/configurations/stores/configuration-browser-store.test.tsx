import { render } from '@testing-library/react';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FAILURE_TOASTS } from '@autostudio/protocol';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { findToast } from '@/test/toasts';
import { useConfigurationBrowser } from './configuration-browser-store';

describe('the configuration browser when the list cannot be fetched', () => {
  beforeEach(() => {
    pointApiClientAt('http://server.test');
    useConfigurationBrowser.setState(useConfigurationBrowser.getInitialState());
  });

  it('says "Failed to fetch configurations" in a toast, keeps it in the state and ends its loading', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ message: 'database unavailable' }), { status: 503 }))),
    );
    render(<Toaster />);
    await useConfigurationBrowser.getState().load();
    expect(useConfigurationBrowser.getState()).toMatchObject({
      isLoading: false,
      error: FAILURE_TOASTS.fetchConfigurations,
    });
    expect(await findToast(FAILURE_TOASTS.fetchConfigurations)).toBeVisible();
  });
});
