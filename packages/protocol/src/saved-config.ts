import { z } from 'zod';
import { cameraPositionSchema, compositionOpacitySchema, FOCUS_METHODS, TONE_MAPPERS } from './engine/camera.js';
import { engineConfigSettingsSchema, type EngineConfigSettings } from './engine/config-settings.js';
import { pcgDensitySchema } from './engine/environment.js';
import { POST_PROCESS_OUT_NAMES, POST_PROCESS_PARAMETERS, type PostProcessParameter } from './engine/post-process.js';

/*
 * A saved configuration's settings (spec §3 "Configuration"): the studio's state in the spec's own names, section by
 * section. Every section and field is optional, so that a configuration saved by an older client still loads, and
 * sections keep keys they do not know, so that one saved by a newer client loses nothing when it is updated here.
 * The engine never sees this shape: `toEngineConfig` turns it into one `Update New Config`.
 */

const section = <Shape extends z.ZodRawShape>(shape: Shape) => z.looseObject(shape).partial();

/** Spec §3 "Backdrop settings": the HDRI backdrop, with its light colour as one 0xRRGGBB number. */
export const savedBackdropSettingsSchema = section({
  intensity: z.number().min(0),
  size: z.number().min(1),
  rotation: z.number(),
  groundSize: z.number().min(0),
  resolution: z.number().int().positive(),
  lightIntensity: z.number().min(0),
  lightColor: z.number().int().min(0).max(0xffffff),
});

/** Spec §3 "Scene state", less the option lists the engine offers. */
export const savedSceneSchema = section({
  cameraSpot: cameraPositionSchema,
  viewMode: z.enum(['editor', 'camera']),
  /** The environment's path, as the environment list gives it. */
  currentEnvironment: z.string().nullable(),
  compositionGuide: z.string(),
  compositionGuideOpacity: compositionOpacitySchema,
  compositionGuideVisiblity: z.boolean(),
  timeOfDay: z.string(),
  sunDirection: z.number(),
  pcgOptions: z.record(z.string(), pcgDensitySchema),
  backplateEnabled: z.boolean(),
  backdropSettings: savedBackdropSettingsSchema,
});

/** Spec §3 "Car state": the choices, not the options the trim offers. */
export const savedCarConfigSchema = section({
  trim: z.string(),
  paint: z.string(),
  /** DOOR_FL…DOOR_RR → 0–50. */
  configureValues: z.record(z.string(), z.number()),
  /** Lamp name → on and intensity. */
  lights: z.record(z.string(), z.looseObject({ on: z.boolean(), intensity: z.number().min(0).optional() })),
  switchToPathTraceOnIdle: z.boolean(),
});

/** Spec §3 "Camera". */
export const savedCameraSchema = section({
  focalLength: z.number().positive(),
  aperture: z.number().positive(),
  focusMethod: z.enum(FOCUS_METHODS),
  focusDistance: z.number().positive(),
  crane: section({ yaw: z.number(), pitch: z.number(), distance: z.number() }),
  rail: section({ x: z.number(), y: z.number(), z: z.number(), yaw: z.number(), pitch: z.number() }),
  bokeh: section({ Size: z.number().min(0), Shape: z.string() }),
});

const vector4 = section({ X: z.number(), Y: z.number(), Z: z.number(), W: z.number() });

/** Each Out-suffixed name with its own type: a Record of the union would let any of them be a vector. */
type SavedPostProcessShape = {
  [Name in PostProcessParameter as (typeof POST_PROCESS_OUT_NAMES)[Name]]: Name extends 'Gain'
    ? typeof vector4
    : z.ZodNumber;
};

/** Spec §3 "Post-process parameters" in their Out-suffixed state names (GainOut is a vector, the rest numbers). */
export const savedPostProcessParamsSchema = z
  .looseObject(
    Object.fromEntries(
      POST_PROCESS_PARAMETERS.map((name) => [POST_PROCESS_OUT_NAMES[name], name === 'Gain' ? vector4 : z.number()]),
    ) as SavedPostProcessShape,
  )
  .partial();

/** Spec §3 "Upload state", less what only lasts while an upload runs (status and error). */
export const savedUploadSchema = section({
  selectedImageName: z.string().nullable(),
  previewUrl: z.string().nullable(),
  imageId: z.string().nullable(),
});

const customLights = engineConfigSettingsSchema.shape.CustomLights.unwrap();

export const savedConfigSettingsSchema = section({
  app: section({ product: z.looseObject({ id: z.string() }).nullable() }),
  scene: savedSceneSchema,
  carConfig: savedCarConfigSchema,
  camera: savedCameraSchema,
  postProcess: section({
    params: savedPostProcessParamsSchema,
    /** The id of the post-process preset last applied, if any. */
    selectedPreset: z.string().nullable(),
    /** The engine's ToneMapper property, outside the spec's configuration: saved when the engine has one. */
    toneMapper: z.enum(TONE_MAPPERS),
    /** Where the preset browser was: its category, search and page. */
    presetBrowser: section({ category: z.string().nullable(), search: z.string(), page: z.number().int().min(1) }),
  }),
  backdropUpload: savedUploadSchema.nullable(),
  backplateUpload: savedUploadSchema.nullable(),
  /** The custom composition guide's image. */
  imageUpload: section({ imageId: z.string().nullable(), previewUrl: z.string().nullable() }),
  customEnvironmentalLights: customLights,
});
export type SavedConfigSettings = z.infer<typeof savedConfigSettingsSchema>;
export type SavedScene = z.infer<typeof savedSceneSchema>;
export type SavedCarConfig = z.infer<typeof savedCarConfigSchema>;
export type SavedCamera = z.infer<typeof savedCameraSchema>;
export type SavedUpload = z.infer<typeof savedUploadSchema>;

/** What a saved configuration holds besides the engine's configuration: the studio's own state. */
export type StudioExtras = Pick<SavedConfigSettings, 'app' | 'backdropUpload' | 'backplateUpload' | 'imageUpload'> & {
  scene?: Pick<SavedScene, 'viewMode' | 'compositionGuideVisiblity'>;
  carConfig?: Pick<SavedCarConfig, 'switchToPathTraceOnIdle'>;
  postProcess?: Pick<
    NonNullable<SavedConfigSettings['postProcess']>,
    'selectedPreset' | 'presetBrowser' | 'toneMapper'
  >;
};

/** Leaves out the keys whose value is undefined, so that a missing field stays missing on the way through. */
function defined<T extends Record<string, unknown>>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}

/** A section with nothing in it is left out rather than sent as `{}`. */
function nonEmpty<T extends object>(value: T): T | undefined {
  return Object.keys(value).length > 0 ? value : undefined;
}

const colourNumber = ({ R, G, B }: { R: number; G: number; B: number }): number =>
  (Math.round(R) << 16) + (Math.round(G) << 8) + Math.round(B);
const colourChannels = (n: number) => ({ R: (n >> 16) & 0xff, G: (n >> 8) & 0xff, B: n & 0xff });

/**
 * The engine's `Update New Config` settings for a saved configuration: what it saved, and nothing else (a field it
 * does not hold keeps the engine's current value). The studio's own state (uploads, the view mode, the preset
 * browser) has no place in it.
 */
export function toEngineConfig(saved: SavedConfigSettings): EngineConfigSettings {
  const { scene = {}, carConfig = {}, camera = {}, postProcess = {} } = saved;
  const backdrop = scene.backdropSettings ?? {};
  const params = postProcess.params ?? {};
  const postProcessIn = Object.fromEntries(
    POST_PROCESS_PARAMETERS.flatMap((name) => {
      const value = params[POST_PROCESS_OUT_NAMES[name]];
      return value === undefined ? [] : [[name, value]];
    }),
  ) as NonNullable<EngineConfigSettings['PostProcess']>;
  const lights = carConfig.lights;
  return defined({
    Trim: carConfig.trim,
    Paint: carConfig.paint,
    Lights:
      lights &&
      Object.fromEntries(
        Object.entries(lights).map(([name, { on, intensity }]) => [name, defined({ OnOff: on, Intensity: intensity })]),
      ),
    ConfigureValues: carConfig.configureValues,
    Camera: nonEmpty(
      defined({
        Position: scene.cameraSpot,
        Crane:
          camera.crane &&
          defined({ Yaw: camera.crane.yaw, Pitch: camera.crane.pitch, ArmLength: camera.crane.distance }),
        Interior:
          camera.rail &&
          defined({
            X: camera.rail.x,
            Y: camera.rail.y,
            Z: camera.rail.z,
            Yaw: camera.rail.yaw,
            Pitch: camera.rail.pitch,
          }),
        FocalLength: camera.focalLength,
        Aperture: camera.aperture,
        FocusSettings: nonEmpty(
          defined({ FocusMethod: camera.focusMethod, ManualFocusDistance: camera.focusDistance }),
        ),
        Bokeh: camera.bokeh && defined({ Size: camera.bokeh.Size, Shape: camera.bokeh.Shape }),
        CompositionGuide: scene.compositionGuide,
        CompositionOpacity: scene.compositionGuideOpacity,
      }),
    ),
    Environment: nonEmpty(
      defined({
        Path: scene.currentEnvironment ?? undefined,
        TimeOfDay: scene.timeOfDay,
        SunAzimuth: scene.sunDirection,
        PCG: scene.pcgOptions,
        Backplate: scene.backplateEnabled,
        Hdr: nonEmpty(
          defined({
            Intensity: backdrop.intensity,
            Size: backdrop.size,
            Yaw: backdrop.rotation,
            GroundSize: backdrop.groundSize,
            Resolution: backdrop.resolution,
            LightIntensity: backdrop.lightIntensity,
            LightColor: backdrop.lightColor === undefined ? undefined : colourChannels(backdrop.lightColor),
          }),
        ),
      }),
    ),
    PostProcess: nonEmpty(postProcessIn),
    CustomLights: saved.customEnvironmentalLights,
  });
}

/**
 * The saved configuration of what the engine shows (its `Get Current Config`) and the studio's own state: what the
 * save dialog stores. `toEngineConfig` of the result gives the engine's configuration back.
 */
export function fromEngineConfig(engine: EngineConfigSettings, studio: StudioExtras = {}): SavedConfigSettings {
  const { Camera: camera = {}, Environment: environment = {}, Lights: lights } = engine;
  const hdr = environment.Hdr ?? {};
  const params = engine.PostProcess ?? {};
  const postProcessParams = Object.fromEntries(
    POST_PROCESS_PARAMETERS.flatMap((name) => {
      const value = params[name];
      return value === undefined ? [] : [[POST_PROCESS_OUT_NAMES[name], value]];
    }),
  );
  return defined({
    app: studio.app,
    scene: nonEmpty(
      defined({
        cameraSpot: camera.Position,
        viewMode: studio.scene?.viewMode,
        currentEnvironment: environment.Path,
        compositionGuide: camera.CompositionGuide,
        compositionGuideOpacity: camera.CompositionOpacity,
        compositionGuideVisiblity: studio.scene?.compositionGuideVisiblity,
        timeOfDay: environment.TimeOfDay,
        sunDirection: environment.SunAzimuth,
        pcgOptions: environment.PCG,
        backplateEnabled: environment.Backplate,
        backdropSettings: nonEmpty(
          defined({
            intensity: hdr.Intensity,
            size: hdr.Size,
            rotation: hdr.Yaw,
            groundSize: hdr.GroundSize,
            resolution: hdr.Resolution,
            lightIntensity: hdr.LightIntensity,
            lightColor: hdr.LightColor && colourNumber(hdr.LightColor),
          }),
        ),
      }),
    ),
    carConfig: nonEmpty(
      defined({
        trim: engine.Trim,
        paint: engine.Paint,
        configureValues: engine.ConfigureValues,
        lights:
          lights &&
          Object.fromEntries(
            Object.entries(lights).map(([name, { OnOff, Intensity }]) => [
              name,
              defined({ on: OnOff, intensity: Intensity }),
            ]),
          ),
        switchToPathTraceOnIdle: studio.carConfig?.switchToPathTraceOnIdle,
      }),
    ),
    camera: nonEmpty(
      defined({
        focalLength: camera.FocalLength,
        aperture: camera.Aperture,
        focusMethod: camera.FocusSettings?.FocusMethod,
        focusDistance: camera.FocusSettings?.ManualFocusDistance,
        crane:
          camera.Crane &&
          defined({ yaw: camera.Crane.Yaw, pitch: camera.Crane.Pitch, distance: camera.Crane.ArmLength }),
        rail:
          camera.Interior &&
          defined({
            x: camera.Interior.X,
            y: camera.Interior.Y,
            z: camera.Interior.Z,
            yaw: camera.Interior.Yaw,
            pitch: camera.Interior.Pitch,
          }),
        bokeh: camera.Bokeh && defined({ Size: camera.Bokeh.Size, Shape: camera.Bokeh.Shape }),
      }),
    ),
    postProcess: nonEmpty(
      defined({
        params: nonEmpty(postProcessParams),
        selectedPreset: studio.postProcess?.selectedPreset,
        presetBrowser: studio.postProcess?.presetBrowser,
        toneMapper: studio.postProcess?.toneMapper,
      }),
    ),
    backdropUpload: studio.backdropUpload,
    backplateUpload: studio.backplateUpload,
    imageUpload: studio.imageUpload,
    customEnvironmentalLights: engine.CustomLights,
  });
}
