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

/**
 * An engine answering the hydration batch; its environments carry their raw names as labels. It has only the
 * properties given: a real Unreal project need not have the reference engine's optional ones.
 */
function engineWith(
  environments: EnvironmentOption[],
  properties: Record<string, unknown> = { switchToPathTraceOnIdle: false },
): RemoteApi {
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
    // A property the engine lacks is refused, as Remote Control refuses an unknown property.
    readProperty: vi.fn((name: string) =>
      name in properties ? Promise.resolve(properties[name]) : Promise.reject(new Error(`no ${name}`)),
    ),
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

describe('the tone mapper', () => {
  it('is read with the rest, and is null when the engine has no ToneMapper to read', async () => {
    const base = { switchToPathTraceOnIdle: false };
    expect((await readEngine(engineWith([], { ...base, ToneMapper: 'AgX' }))).toneMapper).toBe('AgX');
    const without = await readEngine(engineWith([], base));
    expect(without.toneMapper).toBeNull();
    expect(without.canPathTraceOnIdle).toBeNull();
  });
});
