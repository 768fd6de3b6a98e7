import { PCG_RANGE, type EnvironmentOption, type PcgOption, type StudioOption } from '@autostudio/protocol';

/**
 * The built-in environments of spec §3, with Unreal-style paths. A label is the name without its first
 * underscore-separated part, when it has one.
 */
const label = (name: string): string => (name.includes('_') ? name.split('_').slice(1).join('_') : name);

const slider = (name: string, value: number, group = 'PCGOptions') => ({
  name,
  label: name.replace(/([a-z])([A-Z])/g, '$1 $2'),
  group,
  updateFunction: 'SetPCG',
  value,
  valueConfig: { ...PCG_RANGE },
  type: 'slider' as const,
});

export const PCG_DEFAULTS: Record<PcgOption, number> = {
  GrassDensity: 0.9,
  PlantDensity: 0.5,
  TreeDensity: 0.2,
  RockDensity: 0.2,
};

/** The studio floor is matte unless asked: its reflection costs a second drawing of the car in every frame. */
export const STUDIO_DEFAULTS: Record<StudioOption, number> = { FloorGloss: 0 };

/** Every environment's options with their defaults: the values SetPCG sets, kept whichever environment is on show. */
export const ENVIRONMENT_OPTION_DEFAULTS = { ...PCG_DEFAULTS, ...STUDIO_DEFAULTS };

const option = (
  name: string,
  category: 'Outdoor' | 'Indoor',
  extra: Partial<EnvironmentOption> = {},
): EnvironmentOption => ({
  name,
  label: label(name),
  path: `/Game/Autostudio/Environments/${name}/${name}.${name}`,
  category,
  isOutdoor: category === 'Outdoor',
  isCustomBackPlate: false,
  isDefault: false,
  id: name,
  environmentConfigOptions: [],
  ...extra,
});

export const ENVIRONMENTS: EnvironmentOption[] = [
  option('studio', 'Indoor', {
    isDefault: true,
    environmentConfigOptions: Object.entries(STUDIO_DEFAULTS).map(([name, value]) =>
      slider(name, value, 'StudioOptions'),
    ),
  }),
  option('desert', 'Outdoor', { isDefault: true, region: 'europe' }),
  option('desert-pcg', 'Outdoor', {
    region: 'europe',
    environmentConfigOptions: Object.entries(PCG_DEFAULTS).map(([name, value]) => slider(name, value)),
  }),
  option('HDRIBackdrop', 'Outdoor', { isCustomBackPlate: true }),
];

export const DEFAULT_ENVIRONMENT = 'studio';

/** By path or by name, either case, since clients store both. */
export function findEnvironment(pathOrName: string): EnvironmentOption | undefined {
  const wanted = pathOrName.toLowerCase();
  return ENVIRONMENTS.find((env) => env.path.toLowerCase() === wanted || env.name.toLowerCase() === wanted);
}
