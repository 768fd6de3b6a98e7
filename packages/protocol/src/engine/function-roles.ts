import type { EngineFunctionName } from './catalogue.js';

/**
 * What calling a function does to the picture the engine streams:
 * - `control`: changes what the camera shows (paint, doors, camera, light, environment, look, sequence playback);
 *   the viewer's control-to-photon time is measured on these.
 * - `read`: answers the engine's state and changes nothing.
 * - `job`: starts, follows or edits work that does not change the view (downloads, renders, exports, sequence data).
 * A Record, so a function added to the catalogue does not compile until someone says which it is.
 */
export type EngineFunctionRole = 'control' | 'read' | 'job';

export const ENGINE_FUNCTION_ROLES: Record<EngineFunctionName, EngineFunctionRole> = {
  GetCarOptions: 'read',
  'Get Material Options': 'read',
  'Get Trim Paint Option': 'read',
  'Update Car Material': 'control',
  CarLightTurnOnOff: 'control',
  GetCarLights: 'read',
  LoadCarByPath: 'control',
  'Download File': 'job',
  'Get Download Status': 'read',
  ExportCarModel: 'job',
  UpdateConfigureValue: 'control',
  GetConfigureValues: 'read',
  'Switch to Camera': 'control',
  'Switch Position': 'control',
  'Render Preview': 'control',
  'Render MQ': 'job',
  RenderStill: 'job',
  'Set Composition Guide': 'control',
  'Change Composition Opacity': 'control',
  ImportandUpdateCompositionGuide: 'control',
  'Get Bokeh Options': 'read',
  'Set Bokeh': 'control',
  CameraRigCraneControll: 'control',
  UpdateInteriorCamera: 'control',
  GetCraneValues: 'read',
  GetInteriorCameraPosition: 'read',
  updateViewPortInteraction: 'control',
  CameraInteriorYaw: 'control',
  CameraInteriorPitch: 'control',
  CameraInteriorX: 'control',
  CameraInteriorY: 'control',
  CameraInteriorZ: 'control',
  ImportandUpdateBackplate: 'control',
  ImportandApplyCubemap: 'control',
  ToggleBackplateSwitch: 'control',
  'Get Time Of the Day Options': 'read',
  'Set Time Of the Day': 'control',
  'Set Sun Azimuth Angle': 'control',
  GetEnvironmentOptions: 'read',
  LoadEnvironmentbyPath: 'control',
  GetAllPCGOptions: 'read',
  SetPCG: 'control',
  'Update New Config': 'control',
  'Get Current Config': 'read',
  CreateSequence: 'job',
  UpdateSequence: 'job',
  PlaySequenceWithPath: 'control',
  PlaySequence: 'control',
  PlayPauseSequence: 'control',
  StopSequence: 'control',
  GotoSequenceFrameWithPath: 'control',
  GetAnimationPlayingStatus: 'read',
  GetPostProcessLite: 'read',
  ResetPostProcessLite: 'control',
  PostProcessLite: 'control',
  CreatePointLightAPI: 'control',
  CreateRectLightAPI: 'control',
  CreateSpotLightAPI: 'control',
  UpdateLightSettings: 'control',
  UpdateLightMovementData: 'control',
  RemoveLight: 'control',
  GetAllLightData: 'read',
  GetLightInfoAPI: 'read',
  GetCustomEnvironmentalLightInfo: 'read',
  StartRenderJob: 'job',
  GetRenderJobStatus: 'read',
  CancelRenderJob: 'job',
  ReadRenderOutput: 'read',
};

/** Unreal resolves functions by FName, which ignores case; so does this. */
const ROLE_BY_LOWER_NAME = new Map(
  Object.entries(ENGINE_FUNCTION_ROLES).map(([name, role]) => [name.toLowerCase(), role] as const),
);

/** The role of a function named on the wire; undefined for a name the catalogue does not know. */
export function engineFunctionRole(name: string): EngineFunctionRole | undefined {
  return ROLE_BY_LOWER_NAME.get(name.toLowerCase());
}
