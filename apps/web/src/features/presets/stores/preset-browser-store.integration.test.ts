import {
  FAILURE_TOASTS,
  LIST_DEFAULTS,
  PRESET_COPY_SUFFIX,
  SUCCESS_TOASTS,
  type PostProcessValues,
} from '@autostudio/protocol';
import { render } from '@testing-library/react';
import { createElement } from 'react';
import { Toaster } from 'sonner';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { ADMIN, createUser, login, pointApiClientAt, serverOrigin } from '@/test/real-server';
import { findToast } from '@/test/toasts';
import { createPreset, fetchPreset } from '../api/presets-api';
import { usePresetBrowserStore } from './preset-browser-store';

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
  beforeEach(() => {
    token = userToken;
    pointApiClientAt(serverOrigin(), { getAccessToken: () => token });
    usePresetBrowserStore.setState(usePresetBrowserStore.getInitialState());
  });

  const browser = () => usePresetBrowserStore.getState();
  const names = () => browser().items.map((preset) => preset.name);

  it('saves a look as a preset under its category, copies, renames and deletes it', async () => {
    expect(browser()).toMatchObject({ page: LIST_DEFAULTS.presets.page, limit: LIST_DEFAULTS.presets.limit });

    await expect(browser().saveAs(`Golden ${run}`, category, WARM)).resolves.toBe(SUCCESS_TOASTS.presetCreated);
    const savedId = browser().selectedPresetId;
    expect(savedId).not.toBeNull();
    const saved = await fetchPreset(savedId ?? '');
    expect(saved).toMatchObject({ type: 'postProcess', category, isDefault: false });
    expect(JSON.parse(saved.settings)).toEqual(WARM);

    await browser().setCategory(category);
    expect(browser()).toMatchObject({ category, page: 1, total: 1, isLoading: false, error: null });
    expect(names()).toEqual([`Golden ${run}`]);
    expect(browser().categories).toContain(category);

    await expect(browser().copy(saved.id)).resolves.toBe(SUCCESS_TOASTS.presetCreated);
    const copyId = browser().selectedPresetId ?? '';
    expect(copyId).not.toBe(saved.id);
    expect(names()).toEqual([`Golden ${run}`, `Golden ${run}${PRESET_COPY_SUFFIX}`]);
    expect(names()[1]?.endsWith(' copy')).toBe(true);
    expect(JSON.parse((await fetchPreset(copyId)).settings)).toEqual(WARM);

    await expect(browser().rename(copyId, `Amber ${run}`)).resolves.toBe(SUCCESS_TOASTS.presetUpdated);
    expect(names()).toEqual([`Amber ${run}`, `Golden ${run}`]);

    await browser().setSearch('amber');
    expect(names()).toEqual([`Amber ${run}`]);
    await browser().setSearch('');

    await expect(browser().remove(copyId)).resolves.toBe(SUCCESS_TOASTS.presetDeleted);
    expect(browser().selectedPresetId).toBeNull();
    expect(names()).toEqual([`Golden ${run}`]);
    expect(browser().total).toBe(1);
  });

  it('lists categories without `default`, though presets filed under it are listed', async () => {
    await browser().saveAs(`Uncategorised ${run}`, null, WARM);
    const saved = await fetchPreset(browser().selectedPresetId ?? '');
    expect(saved.category).toBe('default');
    await browser().setSearch(`Uncategorised ${run}`);
    expect(names()).toEqual([`Uncategorised ${run}`]);
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
    await browser().setSearch(`Studio neutral ${run}`);
    expect(names()).toEqual([`Studio neutral ${run}`]);

    const failure = await browser()
      .rename(preset.id, 'Mine now')
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(FAILURE_TOASTS.updatePreset);
    expect((failure as Error).cause).toBeInstanceOf(ApiError);
    expect(((failure as Error).cause as ApiError).status).toBe(403);
    await expect(browser().setDefault(preset.id, false)).rejects.toThrow(FAILURE_TOASTS.updatePreset);
    await expect(browser().remove(preset.id)).rejects.toThrow(FAILURE_TOASTS.deletePreset);
    expect((await fetchPreset(preset.id)).name).toBe(`Studio neutral ${run}`);

    // A copy of it is the user's own to change.
    await browser().copy(preset.id);
    const copyId = browser().selectedPresetId ?? '';
    await expect(browser().rename(copyId, `My neutral ${run}`)).resolves.toBe(SUCCESS_TOASTS.presetUpdated);
    expect(await fetchPreset(copyId)).toMatchObject({ name: `My neutral ${run}`, isDefault: false });

    token = adminToken;
    await expect(browser().setDefault(preset.id, false)).resolves.toBe(SUCCESS_TOASTS.presetUpdated);
    expect((await fetchPreset(preset.id)).isDefault).toBe(false);
  });

  it('fails to save in the spec’s words', async () => {
    await expect(browser().saveAs('   ', 'Anything', WARM)).rejects.toThrow(FAILURE_TOASTS.savingPreset);
  });

  it('keeps a failed load in the state as text, shows it as a toast and ends its loading', async () => {
    render(createElement(Toaster));
    token = null;
    await browser().load();
    expect(browser()).toMatchObject({ isLoading: false, error: FAILURE_TOASTS.fetchPresets, items: [], total: 0 });
    expect(await findToast(FAILURE_TOASTS.fetchPresets)).toBeVisible();
    token = userToken;
    await browser().load();
    expect(browser().error).toBeNull();
  });
});
