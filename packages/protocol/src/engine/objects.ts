import { z } from 'zod';
import { REMOTE_CONTROL } from '../constants.js';

/** Where the reference engine's level lives; an Unreal project exposes the same actors under its own map. */
const LEVEL = '/Game/Autostudio/Maps/Showroom.Showroom:PersistentLevel';

/** The objects a configurator drives through Unreal's Remote Control API. */
export const ENGINE_OBJECT_PATHS = {
  /** The car and its world: trims, paints, lamps, model loading, environment, backdrop, sequences, downloads. */
  car: `${LEVEL}.BP_Car_C_1`,
  camera: `${LEVEL}.BP_CameraManager_C_1`,
  postProcess: `${LEVEL}.BP_PostProcessLite_C_1`,
  light: `${LEVEL}.BP_LightManager_C_1`,
  carStateManager: `${LEVEL}.BP_CarStateManager_C_1`,
} as const;
export type EngineObjectKey = keyof typeof ENGINE_OBJECT_PATHS;
export const ENGINE_OBJECT_KEYS = Object.keys(ENGINE_OBJECT_PATHS) as EngineObjectKey[];

/** The Blueprint class each object reports through /remote/object/describe. */
export const ENGINE_OBJECT_CLASSES: Record<EngineObjectKey, string> = {
  car: '/Game/Autostudio/Blueprints/BP_Car.BP_Car_C',
  camera: '/Game/Autostudio/Blueprints/BP_CameraManager.BP_CameraManager_C',
  postProcess: '/Game/Autostudio/Blueprints/BP_PostProcessLite.BP_PostProcessLite_C',
  light: '/Game/Autostudio/Blueprints/BP_LightManager.BP_LightManager_C',
  carStateManager: '/Game/Autostudio/Blueprints/BP_CarStateManager.BP_CarStateManager_C',
};

export const ENGINE_PRESET_PATH = '/Game/Autostudio/RemoteControl/NewRemoteControlPreset.NewRemoteControlPreset';

/** The remote config of spec §3 with its defaults (spec §9: instance localhost:30010, preset NewRemoteControlPreset). */
export const remoteConfigSchema = z.object({
  basePath: z.string(),
  instanceId: z.string(),
  presetName: z.string(),
  objectPath: z.string(),
  cameraPath: z.string(),
  postProcessingPath: z.string(),
  lightPath: z.string(),
  carStateManagerPath: z.string(),
});
export type RemoteConfig = z.infer<typeof remoteConfigSchema>;

export const REMOTE_CONFIG_DEFAULTS: RemoteConfig = {
  basePath: `http://${REMOTE_CONTROL.defaultInstanceId}/remote`,
  instanceId: REMOTE_CONTROL.defaultInstanceId,
  presetName: REMOTE_CONTROL.defaultPresetName,
  objectPath: ENGINE_OBJECT_PATHS.car,
  cameraPath: ENGINE_OBJECT_PATHS.camera,
  postProcessingPath: ENGINE_OBJECT_PATHS.postProcess,
  lightPath: ENGINE_OBJECT_PATHS.light,
  carStateManagerPath: ENGINE_OBJECT_PATHS.carStateManager,
};

/** Which remote config field holds each object's path (spec §7: each call variant has a default object). */
export const REMOTE_CONFIG_OBJECT_PATH: Record<EngineObjectKey, keyof RemoteConfig> = {
  car: 'objectPath',
  camera: 'cameraPath',
  postProcess: 'postProcessingPath',
  light: 'lightPath',
  carStateManager: 'carStateManagerPath',
};

/** Object paths are FNames: case-insensitive. */
export function engineObjectAt(path: string): EngineObjectKey | undefined {
  const wanted = path.toLowerCase();
  return ENGINE_OBJECT_KEYS.find((key) => ENGINE_OBJECT_PATHS[key].toLowerCase() === wanted);
}
