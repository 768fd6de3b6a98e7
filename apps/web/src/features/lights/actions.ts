import { FAILURE_TOASTS, LIGHT_DEFAULTS, LIGHT_TYPES, STATE_MESSAGES, type LightType } from '@autostudio/protocol';
import { toast } from '@/lib/toast';
import type { RgbColor } from '@/lib/color';
import { keyedActions, useEngineStore, type ConfigLight } from '@/lib/engine';

/** Spec §8: a light change that does not reach the engine says so in the spec's words. */
const failure = { toast: FAILURE_TOASTS.updateVisualizationEngine } as const;

/** The light's numbers UpdateLightSettings takes (Outter and Legth are the spec's spelling). */
export type LightField =
  | 'Intensity'
  | 'AttenuationRadius'
  | 'SourceRadius'
  | 'SourceLength'
  | 'SoftRadius'
  | 'InnerAngle'
  | 'OutterAngle'
  | 'Width'
  | 'Height'
  | 'BarnAngle'
  | 'BarnLegth';

/** Where a light sits: an orbit (yaw, pitch, radius) around a centre (X, Y, Z), as UpdateLightMovementData takes it. */
export type LightPlacement = 'Yaw' | 'Pitch' | 'Radius' | 'X' | 'Y' | 'Z';

export type LightColor = RgbColor;

/** Spec §4 "creation switches function by type". */
const CREATE = {
  point: 'CreatePointLightAPI',
  rect: 'CreateRectLightAPI',
  spot: 'CreateSpotLightAPI',
} as const satisfies Record<LightType, string>;

export const isLightType = (type: string): type is LightType => (LIGHT_TYPES as readonly string[]).includes(type);

/** Keys of keyed light actions: one runner per light and field, so two lights never share a queue. */
const lightKey = (id: number, field: string) => `${id}:${field}`;
function parseKey(key: string): [number, string] {
  const [id = '', field = ''] = key.split(':');
  return [Number(id), field];
}

function findLight(lights: readonly ConfigLight[], id: number): ConfigLight | undefined {
  return lights.find((light) => light.ID === id);
}

function changeLight(lights: readonly ConfigLight[], id: number, change: Partial<ConfigLight>): ConfigLight[] {
  return lights.map((light) => (light.ID === id ? { ...light, ...change } : light));
}

/** The engine reports every field; a light read from an older configuration may lack one, so the spec's defaults. */
const FIELD_FALLBACK: Partial<Record<LightField | LightPlacement, number>> = {
  Intensity: LIGHT_DEFAULTS.Intensity,
  AttenuationRadius: LIGHT_DEFAULTS.AttenuationRadius,
};

/** One number of one light's look, sent alone: UpdateLightSettings keeps what it is not given. */
export const lightFieldAction = keyedActions<number>((key) => {
  const [id, name] = parseKey(key);
  const field = name as LightField;
  return {
    key: `lights.${key}`,
    read: (s) => findLight(s.CustomLights, id)?.[field] ?? FIELD_FALLBACK[field] ?? 0,
    write: (s, value) => ({ ...s, CustomLights: changeLight(s.CustomLights, id, { [field]: value }) }),
    send: (api, value) => api.call('UpdateLightSettings', { ID: id, [field]: value }),
    failure,
  };
});
export const lightField = (id: number, field: LightField) => lightFieldAction(lightKey(id, field));

/** One number of a light's placement; the orbit and its centre are one movement, each part kept when not given. */
export const lightPlacementAction = keyedActions<number>((key) => {
  const [id, name] = parseKey(key);
  const part = name as LightPlacement;
  return {
    key: `lights.${key}`,
    read: (s) => findLight(s.CustomLights, id)?.[part] ?? 0,
    write: (s, value) => ({ ...s, CustomLights: changeLight(s.CustomLights, id, { [part]: value }) }),
    send: (api, value) => api.call('UpdateLightMovementData', { ID: id, [part]: value }),
    failure,
  };
});
export const lightPlacement = (id: number, part: LightPlacement) => lightPlacementAction(lightKey(id, part));

const WHITE: LightColor = LIGHT_DEFAULTS.LightColor;

/** A light's colour, 0–255 a channel; the alpha stays what it is. */
export const lightColorAction = keyedActions<LightColor>((key) => {
  const id = Number(key);
  return {
    key: `lights.${id}:LightColor`,
    read: (s) => {
      const color = findLight(s.CustomLights, id)?.LightColor;
      // A selector must answer the same object for the same state: the light's own, or one shared white.
      return color && color.R !== undefined && color.G !== undefined && color.B !== undefined
        ? (color as LightColor)
        : WHITE;
    },
    write: (s, { R, G, B }) => ({
      ...s,
      CustomLights: s.CustomLights.map((light) =>
        light.ID === id ? { ...light, LightColor: { ...light.LightColor, R, G, B } } : light,
      ),
    }),
    send: (api, { R, G, B }) => api.call('UpdateLightSettings', { ID: id, LightColor: { R, G, B } }),
    failure,
  };
});
export const lightColor = (id: number) => lightColorAction(String(id));

/**
 * Adds a light of the given type and selects it. A type the engine does not make is refused here with the spec's
 * words (§5), before any call. The list is read back from the engine, which decides the new light's defaults.
 */
export async function addLight(type: string): Promise<void> {
  if (!isLightType(type)) {
    toast.error(STATE_MESSAGES.invalidLightType);
    return;
  }
  const { api, reread, updateView } = useEngineStore.getState();
  if (!api) return;
  try {
    const { ID } = await api.call(CREATE[type]);
    if (useEngineStore.getState().api !== api) return;
    await reread(['CustomLights']);
    updateView({ selectedLightId: ID });
  } catch (error) {
    report('add', error);
  }
}

/**
 * Removes a light and selects the one the engine names next (none when it answers -1). Spec §5: only an ID above
 * -1 is acted on.
 */
export async function removeLight(id: number): Promise<void> {
  if (id <= -1) return;
  const { api, reread, updateView } = useEngineStore.getState();
  if (!api) return;
  try {
    const { NextLight } = await api.call('RemoveLight', { ID: id });
    if (useEngineStore.getState().api !== api) return;
    updateView({ selectedLightId: NextLight > -1 ? NextLight : -1 });
    await reread(['CustomLights']);
  } catch (error) {
    report('remove', error);
  }
}

/** Spec §5: a selection is acted on only when the ID is above -1. */
export function selectLight(id: number): void {
  if (id > -1) useEngineStore.getState().updateView({ selectedLightId: id });
}

function report(what: string, error: unknown): void {
  console.warn(`Engine action lights.${what} failed`, error);
  const invalid = error instanceof Error && error.message.includes(STATE_MESSAGES.invalidLightType);
  toast.error(invalid ? STATE_MESSAGES.invalidLightType : FAILURE_TOASTS.updateVisualizationEngine);
}

/** How the panel names a light type and a light: "Spot 3" (its ID counted from 1, so names stay put on removal). */
export const LIGHT_TYPE_LABELS: Record<LightType, string> = { point: 'Point', rect: 'Rect', spot: 'Spot' };
export function lightName(light: Pick<ConfigLight, 'ID' | 'LightType'>): string {
  const type = light.LightType.toLowerCase();
  return `${isLightType(type) ? LIGHT_TYPE_LABELS[type] : light.LightType} ${light.ID + 1}`;
}

interface FieldRange {
  label: string;
  min: number;
  max: number;
  step: number;
  unit?: string;
  defaultValue?: number;
}

/**
 * Each field's range, in Unreal's units (centimetres, degrees). The reference engine clamps a spot's outer angle to
 * 1–89° and sizes a rect light from its width and height; Unreal's own limits are the same or wider.
 */
export const LIGHT_FIELDS: Record<LightField, FieldRange> = {
  Intensity: { label: 'Intensity', min: 0, max: 100, step: 0.5, defaultValue: LIGHT_DEFAULTS.Intensity },
  AttenuationRadius: {
    label: 'Attenuation',
    min: 0,
    max: 5000,
    step: 10,
    unit: 'cm',
    defaultValue: LIGHT_DEFAULTS.AttenuationRadius,
  },
  SourceRadius: { label: 'Source radius', min: 0, max: 300, step: 1, unit: 'cm', defaultValue: 0 },
  SourceLength: { label: 'Source length', min: 0, max: 1000, step: 1, unit: 'cm', defaultValue: 0 },
  SoftRadius: { label: 'Soft radius', min: 0, max: 300, step: 1, unit: 'cm', defaultValue: 0 },
  InnerAngle: { label: 'Inner angle', min: 0, max: 80, step: 0.5, unit: '°', defaultValue: 0 },
  OutterAngle: { label: 'Outer angle', min: 1, max: 80, step: 0.5, unit: '°', defaultValue: 44 },
  Width: { label: 'Width', min: 1, max: 1000, step: 1, unit: 'cm', defaultValue: 64 },
  Height: { label: 'Height', min: 1, max: 1000, step: 1, unit: 'cm', defaultValue: 64 },
  BarnAngle: { label: 'Barn angle', min: 0, max: 90, step: 0.5, unit: '°', defaultValue: 88 },
  BarnLegth: { label: 'Barn length', min: 0, max: 100, step: 1, unit: 'cm', defaultValue: 20 },
};

/** The fields that mean something for each type (Unreal's point, spot and rect lights). */
export const FIELDS_BY_TYPE: Record<LightType, { shape: readonly LightField[] }> = {
  point: { shape: ['SourceRadius', 'SourceLength', 'SoftRadius'] },
  spot: { shape: ['InnerAngle', 'OutterAngle', 'SourceRadius', 'SourceLength', 'SoftRadius'] },
  rect: { shape: ['Width', 'Height', 'BarnAngle', 'BarnLegth'] },
};

/** The orbit around the centre, and the centre itself; a new light orbits the origin at yaw 45, pitch 30, 400 cm. */
export const PLACEMENT_FIELDS: Record<LightPlacement, FieldRange> = {
  Yaw: { label: 'Yaw', min: -180, max: 180, step: 1, unit: '°', defaultValue: 45 },
  Pitch: { label: 'Pitch', min: -90, max: 90, step: 1, unit: '°', defaultValue: 30 },
  Radius: { label: 'Distance', min: 0, max: 3000, step: 10, unit: 'cm', defaultValue: 400 },
  X: { label: 'X', min: -2000, max: 2000, step: 10, unit: 'cm', defaultValue: 0 },
  Y: { label: 'Y', min: -2000, max: 2000, step: 10, unit: 'cm', defaultValue: 0 },
  Z: { label: 'Z', min: -500, max: 2000, step: 10, unit: 'cm', defaultValue: 0 },
};
export const ORBIT: readonly LightPlacement[] = ['Yaw', 'Pitch', 'Radius'];
export const CENTRE: readonly LightPlacement[] = ['X', 'Y', 'Z'];

export { colorToHex, hexToColor } from '@/lib/color';
