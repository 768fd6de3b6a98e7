import { FAILURE_TOASTS, SAVE_CONFIG_STATUS, STORAGE_KEYS, type SavedConfigSettings } from '@autostudio/protocol';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, login, pointApiClientAt, serverOrigin } from '@/test/real-server';
import { fetchConfiguration, listConfigurations } from '@/api/configurations';
import { useConfigurationStore } from './configuration-store';

const SETTINGS: SavedConfigSettings = {
  app: { product: { id: 'terra' } },
  scene: { timeOfDay: 'Sunset', sunDirection: 200 },
  carConfig: { trim: 'Terra Limited', paint: 'rallye red', configureValues: { DOOR_FL: 50 } },
};

// The preview snapshot goes with the form in a real browser (the save dialog's browser test): jsdom's Blob does not
// travel through Node's fetch.
describe('saving configurations against the real server', () => {
  let token: string;
  beforeAll(async () => {
    const account = await createUser('sasha');
    token = (await login(account.username, account.password)).accessToken;
  });
  beforeEach(() => {
    pointApiClientAt(serverOrigin(), { getAccessToken: () => token });
    sessionStorage.clear();
    useConfigurationStore.setState({ ...useConfigurationStore.getInitialState(), currentId: null });
  });

  it('creates a configuration when none is current, then updates that one, keeping its id for the tab', async () => {
    const store = useConfigurationStore.getState();
    const created = await store.save({
      name: 'Sunset drive',
      description: 'Red at dusk',
      settings: SETTINGS,
      asNew: false,
    });
    expect(useConfigurationStore.getState()).toMatchObject({
      currentId: created.id,
      saveStatus: SAVE_CONFIG_STATUS.saved,
    });
    expect(sessionStorage.getItem(STORAGE_KEYS.currentConfigId)).toBe(created.id);

    const changed = { ...SETTINGS, scene: { timeOfDay: 'Night' } };
    const updated = await store.save({ name: 'Night drive', description: '', settings: changed, asNew: false });
    expect(updated.id).toBe(created.id);
    expect((await fetchConfiguration(created.id)).settings).toEqual(changed);
  });

  it('saves as new alongside the current one, which then becomes current', async () => {
    const store = useConfigurationStore.getState();
    const first = await store.save({ name: 'Base', description: '', settings: SETTINGS, asNew: false });
    const copy = await store.save({ name: 'Base variant', description: '', settings: SETTINGS, asNew: true });
    expect(copy.id).not.toBe(first.id);
    expect(useConfigurationStore.getState().currentId).toBe(copy.id);
    const names = (
      await listConfigurations({ page: 1, limit: 10, search: 'Base', sort: null, order: 'asc', filters: {} })
    ).items.map((c) => c.name);
    expect(names).toEqual(['Base variant', 'Base']);
  });

  it('fails with the spec’s message, keeps the server’s reason and the current configuration', async () => {
    const store = useConfigurationStore.getState();
    const kept = await store.save({ name: 'Kept', description: '', settings: SETTINGS, asNew: false });
    await expect(store.save({ name: '', description: '', settings: SETTINGS, asNew: true })).rejects.toThrow(
      FAILURE_TOASTS.saveConfiguration,
    );
    const state = useConfigurationStore.getState();
    expect(state.saveStatus).toBe(SAVE_CONFIG_STATUS.failed);
    expect(state.saveError).toContain('name');
    expect(state.currentId).toBe(kept.id);
    state.resetSave();
    expect(useConfigurationStore.getState()).toMatchObject({ saveStatus: SAVE_CONFIG_STATUS.idle, saveError: null });
  });
});
