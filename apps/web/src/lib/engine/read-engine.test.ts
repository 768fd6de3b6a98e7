import type { EnvironmentOption } from '@autostudio/protocol';
import { describe, expect, it, vi } from 'vitest';
import type { RemoteApi } from '@/lib/remote-control/remote-api';
import { environmentLabel } from './engine-settings';
import { readEngine } from './read-engine';

const environment = (name: string): EnvironmentOption => ({
  name,
  label: name,
  path: `/Game/Environments/${name}`,
  category: 'Outdoor',
  isOutdoor: true,
  isCustomBackPlate: false,
  isDefault: false,
  id: name,
  environmentConfigOptions: [],
});

/** An engine answering the hydration batch; its environments carry their raw names as labels. */
function engineWith(environments: EnvironmentOption[]): RemoteApi {
  const answers: Record<string, unknown> = {
    'Get Current Config': { Settings: {} },
    GetCarOptions: { options: ['Terra Limited'], curentIndex: 0 },
    'Get Material Options': { Current: '', MaterialOptions: [] },
    'Get Trim Paint Option': { current: 'Terra Limited', paintOptions: {} },
    GetEnvironmentOptions: { Options: environments },
    'Get Time Of the Day Options': { Current: 'Default', TODOptions: [] },
    'Get Bokeh Options': { ShapeOptions: [] },
  };
  return {
    call: vi.fn((name: string) => Promise.resolve(answers[name])),
    readProperty: vi.fn(() => Promise.resolve(false)),
  } as unknown as RemoteApi;
}

describe('environment labels', () => {
  it('lists every environment by the label of the spec rule, not by its raw key', async () => {
    const names = ['studio', 'desert', 'desert-pcg', 'HDRIBackdrop', 'ENV_Night_City'];
    const { options } = await readEngine(engineWith(names.map(environment)));
    expect(options.environments.map((env) => [env.name, env.label])).toEqual([
      ['studio', 'Studio'],
      ['desert', 'Desert'],
      ['desert-pcg', 'Desert PCG'],
      ['HDRIBackdrop', 'HDRI Backdrop'],
      ['ENV_Night_City', 'Night City'],
    ]);
  });

  it('drops the first underscore-separated part of a name (spec §3)', () => {
    expect(environmentLabel('MAP_CityStreet')).toBe('City Street');
    expect(environmentLabel('LV_Studio_02')).toBe('Studio 02');
    expect(environmentLabel('')).toBe('');
  });
});
