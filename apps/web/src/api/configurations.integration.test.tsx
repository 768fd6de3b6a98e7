import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FAILURE_TOASTS, type SavedConfigSettings } from '@autostudio/protocol';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failureReason } from '@/lib/api-client';
import { createUser, login, pointApiClientAt, serverOrigin } from '@/test/real-server';
import { configurationKeys, fetchConfiguration, listConfigurations, useSaveConfiguration } from './configurations';

const SETTINGS: SavedConfigSettings = {
  app: { product: { id: 'terra' } },
  scene: { timeOfDay: 'Sunset', sunDirection: 200 },
  carConfig: { trim: 'Terra Limited', paint: 'rallye red', configureValues: { DOOR_FL: 50 } },
};

// The preview snapshot goes with the form in a real browser (the save dialog's browser test): jsdom's Blob does not
// travel through Node's fetch.
describe('saving configurations against the real server', () => {
  let token: string;
  let client: QueryClient;
  beforeAll(async () => {
    const account = await createUser('sasha');
    token = (await login(account.username, account.password)).accessToken;
  });
  beforeEach(() => {
    pointApiClientAt(serverOrigin(), { getAccessToken: () => token });
    client = new QueryClient();
  });
  const saveHook = () =>
    renderHook(useSaveConfiguration, {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    }).result.current;

  it('creates a configuration without an id, then updates that one by its id', async () => {
    const save = saveHook();
    const created = await save.mutateAsync({
      id: null,
      name: 'Sunset drive',
      description: 'Red at dusk',
      settings: SETTINGS,
    });
    expect(created).toMatchObject({ name: 'Sunset drive', description: 'Red at dusk', settings: SETTINGS });

    const changed = { ...SETTINGS, scene: { timeOfDay: 'Night' } };
    const updated = await save.mutateAsync({ id: created.id, name: 'Night drive', description: '', settings: changed });
    expect(updated.id).toBe(created.id);
    expect(await fetchConfiguration(created.id)).toMatchObject({ name: 'Night drive', settings: changed });
  });

  it('saves as new alongside an existing one, and marks the cached lists stale', async () => {
    const save = saveHook();
    await save.mutateAsync({ id: null, name: 'Base', description: '', settings: SETTINGS });
    client.setQueryData([...configurationKeys.lists(), 'cached'], { items: [] });
    await save.mutateAsync({ id: null, name: 'Base variant', description: '', settings: SETTINGS });
    expect(client.getQueryState([...configurationKeys.lists(), 'cached'])?.isInvalidated).toBe(true);
    const names = (
      await listConfigurations({ page: 1, limit: 10, search: 'Base', sort: null, order: 'asc', filters: {} })
    ).items.map((c) => c.name);
    expect(names).toEqual(['Base variant', 'Base']);
  });

  it('fails with the spec’s message, the server’s reason kept, and changes nothing', async () => {
    const save = saveHook();
    const kept = await save.mutateAsync({ id: null, name: 'Kept', description: '', settings: SETTINGS });
    const failure = await save
      .mutateAsync({ id: kept.id, name: '', description: '', settings: {} })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(FAILURE_TOASTS.saveConfiguration);
    expect(failureReason(failure)).toContain('name');
    expect(await fetchConfiguration(kept.id)).toMatchObject({ name: 'Kept', settings: SETTINGS });
  });
});
