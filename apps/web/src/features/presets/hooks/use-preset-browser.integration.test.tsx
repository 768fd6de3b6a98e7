import {
  FAILURE_TOASTS,
  LIST_DEFAULTS,
  PRESET_COPY_SUFFIX,
  SUCCESS_TOASTS,
  type PostProcessValues,
} from '@autostudio/protocol';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPreset, fetchPreset } from '@/api/presets';
import { ApiError } from '@/lib/api-client';
import { ADMIN, createUser, login, pointApiClientAt, serverOrigin } from '@/test/real-server';
import { findToast } from '@/test/toasts';
import { createPresetBrowserStore, type PresetBrowserStore } from '../stores/preset-browser-store';
import { usePresetBrowser } from './use-preset-browser';

const WARM: PostProcessValues = { GlobalSaturation: 1.2, TemperatureTemp: 0.4, Gain: { X: 1.1 } };

describe('the preset browser against the real server', () => {
  // Every file of this tier shares one server: names and categories unique to the run keep this file's own.
  const run = Date.now().toString(36);
  const category = `Warm looks ${run}`;
  let userToken: string;
  let adminToken: string;
  let token: string | null;

  beforeAll(async () => {
    const account = await createUser('piper');
    userToken = (await login(account.username, account.password)).accessToken;
    adminToken = (await login(ADMIN.username, ADMIN.password)).accessToken;
  });
  let store: PresetBrowserStore;
  let browser: () => ReturnType<typeof usePresetBrowser<PostProcessValues>>;
  beforeEach(() => {
    token = userToken;
    pointApiClientAt(serverOrigin(), { getAccessToken: () => token });
    store = createPresetBrowserStore();
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => usePresetBrowser<PostProcessValues>(store, 'postProcess'), { wrapper });
    browser = () => result.current;
  });

  const names = () => browser().items.map((preset) => preset.name);
  /**
   * Runs a change inside act, so React renders what it changes, and settles as the change did. A promise that
   * rejects inside act comes out of it resolved, and leaves act unable to render the next test's hook.
   */
  const settle = async <T,>(change: () => Promise<T>): Promise<T> => {
    const outcome = await act(() =>
      change().then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      ),
    );
    if (outcome.ok) return outcome.value;
    throw outcome.error;
  };
  /** Moves the browser (category, search) and waits for the list to show where it went. */
  const move = async (change: () => void, expected: string[]) => {
    act(change);
    await waitFor(() => expect(names()).toEqual(expected));
  };

  it('saves a look as a preset under its category, copies, renames and deletes it', async () => {
    expect(store.getState()).toMatchObject({ page: LIST_DEFAULTS.presets.page, limit: LIST_DEFAULTS.presets.limit });

    await expect(settle(() => browser().saveAs(`Golden ${run}`, category, WARM))).resolves.toBe(
      SUCCESS_TOASTS.presetCreated,
    );
    const savedId = store.getState().selectedPresetId;
    expect(savedId).not.toBeNull();
    const saved = await fetchPreset(savedId ?? '');
    expect(saved).toMatchObject({ type: 'postProcess', category, isDefault: false });
    expect(JSON.parse(saved.settings)).toEqual(WARM);

    await move(() => store.getState().setCategory(category), [`Golden ${run}`]);
    expect(store.getState()).toMatchObject({ category, page: 1 });
    expect(browser()).toMatchObject({ total: 1, isLoading: false, error: null });
    await waitFor(() => expect(browser().categories).toContain(category));

    await expect(settle(() => browser().copy(saved.id))).resolves.toBe(SUCCESS_TOASTS.presetCreated);
    const copyId = store.getState().selectedPresetId ?? '';
    expect(copyId).not.toBe(saved.id);
    // The cache holds the new list when the change resolves; the hook renders it a tick later.
    await waitFor(() => expect(names()).toEqual([`Golden ${run}`, `Golden ${run}${PRESET_COPY_SUFFIX}`]));
    expect(names()[1]?.endsWith(' copy')).toBe(true);
    expect(JSON.parse((await fetchPreset(copyId)).settings)).toEqual(WARM);

    await expect(settle(() => browser().rename(copyId, `Amber ${run}`))).resolves.toBe(SUCCESS_TOASTS.presetUpdated);
    await waitFor(() => expect(names()).toEqual([`Amber ${run}`, `Golden ${run}`]));

    await move(() => store.getState().setSearch('amber'), [`Amber ${run}`]);
    await move(() => store.getState().setSearch(''), [`Amber ${run}`, `Golden ${run}`]);

    await expect(settle(() => browser().remove(copyId))).resolves.toBe(SUCCESS_TOASTS.presetDeleted);
    expect(store.getState().selectedPresetId).toBeNull();
    await waitFor(() => expect(names()).toEqual([`Golden ${run}`]));
    expect(browser().total).toBe(1);
  });

  it('lists categories without `default`, though presets filed under it are listed', async () => {
    await settle(() => browser().saveAs(`Uncategorised ${run}`, null, WARM));
    const saved = await fetchPreset(store.getState().selectedPresetId ?? '');
    expect(saved.category).toBe('default');
    await move(() => store.getState().setSearch(`Uncategorised ${run}`), [`Uncategorised ${run}`]);
    await waitFor(() => expect(browser().categories.length).toBeGreaterThan(0));
    expect(browser().categories).not.toContain('default');
  });

  it('refuses a plain user who renames a default preset, in the spec’s words, with the server’s reason', async () => {
    token = adminToken;
    const preset = await createPreset({
      name: `Studio neutral ${run}`,
      type: 'postProcess',
      category: `Defaults ${run}`,
      settings: JSON.stringify({ GlobalContrast: 0 }),
      isDefault: true,
    });
    token = userToken;
    await move(() => store.getState().setSearch(`Studio neutral ${run}`), [`Studio neutral ${run}`]);

    const failure = await settle(() => browser().rename(preset.id, 'Mine now')).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(FAILURE_TOASTS.updatePreset);
    expect((failure as Error).cause).toBeInstanceOf(ApiError);
    expect(((failure as Error).cause as ApiError).status).toBe(403);
    await expect(settle(() => browser().setDefault(preset.id, false))).rejects.toThrow(FAILURE_TOASTS.updatePreset);
    await expect(settle(() => browser().remove(preset.id))).rejects.toThrow(FAILURE_TOASTS.deletePreset);
    expect((await fetchPreset(preset.id)).name).toBe(`Studio neutral ${run}`);

    // A copy of it is the user's own to change.
    await settle(() => browser().copy(preset.id));
    const copyId = store.getState().selectedPresetId ?? '';
    await expect(settle(() => browser().rename(copyId, `My neutral ${run}`))).resolves.toBe(
      SUCCESS_TOASTS.presetUpdated,
    );
    expect(await fetchPreset(copyId)).toMatchObject({ name: `My neutral ${run}`, isDefault: false });

    token = adminToken;
    await expect(settle(() => browser().setDefault(preset.id, false))).resolves.toBe(SUCCESS_TOASTS.presetUpdated);
    expect((await fetchPreset(preset.id)).isDefault).toBe(false);
  });

  it('fails to save in the spec’s words', async () => {
    await expect(settle(() => browser().saveAs('   ', 'Anything', WARM))).rejects.toThrow(FAILURE_TOASTS.savingPreset);
  });

  it('keeps a failed load as text, shows it as a toast and ends its loading; the next search reads again', async () => {
    render(<Toaster />);
    token = null;
    act(() => store.getState().setSearch(`Nothing ${run}`));
    await waitFor(() => expect(browser().error).toBe(FAILURE_TOASTS.fetchPresets));
    expect(browser()).toMatchObject({ isLoading: false, items: [], total: 0 });
    expect(await findToast(FAILURE_TOASTS.fetchPresets)).toBeVisible();
    token = userToken;
    act(() => store.getState().setSearch(`Still nothing ${run}`));
    await waitFor(() => expect(browser().error).toBeNull());
  });
});
