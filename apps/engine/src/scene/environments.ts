import { PCG_RANGE, type EnvironmentOption, type PcgOption } from '@autostudio/protocol';

/**
 * The built-in environments of spec §3, with Unreal-style paths. A label is the name without its first
 * underscore-separated part, when it has one.
 */
const label = (name: string): string => (name.includes('_') ? name.split('_').slice(1).join('_') : name);

const slider = (name: string, value: number) => ({
  name,
  label: name.replace(/([a-z])([A-Z])/g, '$1 $2'),
  group: 'PCGOptions',
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
  option('studio', 'Indoor', { isDefault: true }),
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
