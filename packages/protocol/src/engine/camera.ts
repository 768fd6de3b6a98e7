import { z } from 'zod';
import { defineFunctions, defineProperties, value } from './define.js';

/** Clamp ranges of the camera rigs; Unreal's rigs clamp the same way rather than refusing a drag. */
export const CAMERA_LIMITS = {
  cranePitch: { min: -5, max: 80 },
  craneDistance: { min: 250, max: 1500 },
  interiorPitch: { min: -60, max: 60 },
  interiorAxis: { min: 0, max: 1 },
} as const;

/**
 * The ranges the studio offers for the lens (the engine takes any positive value): a 12 mm wide angle for the
 * cabin to a 200 mm telephoto for details; f/1.2 to f/22; focus distance and bokeh size as a photographer sets them.
 */
export const CAMERA_LENS_LIMITS = {
  focalLength: { min: 12, max: 200 },
  aperture: { min: 1.2, max: 22 },
  /** Manual focus distance in cm. */
  focusDistance: { min: 10, max: 10000 },
  bokehSize: { min: 0, max: 10 },
} as const;

export const CAMERA_POSITIONS = ['Exterior', 'Interior'] as const;
export const FOCUS_METHODS = ['Tracking', 'Manual', 'Disable'] as const;
export const BOKEH_SHAPES = ['None', 'Circle', 'Hexagon', 'Octagon'] as const;

/** The guide an imported image becomes; chosen by importing, not by name. */
export const CUSTOM_COMPOSITION_GUIDE = 'Custom';
export const COMPOSITION_GUIDES = [
  'None',
  'GoldenRatio',
  'RuleOfThird',
  'Diagonal',
  'Story',
  'PortraitFeed',
  'LandscapeFeed',
  'Square',
] as const;
export type CompositionGuideName = (typeof COMPOSITION_GUIDES)[number];

/**
 * How the engine maps scene light to display colour. Khronos PBR Neutral keeps a product's catalogue colours (a base
 * colour under white light shows as that colour) and is the default; AgX and ACES trade colour fidelity for a filmic
 * roll-off of highlights.
 */
export const TONE_MAPPERS = ['Neutral', 'AgX', 'ACES'] as const;
export type ToneMapperName = (typeof TONE_MAPPERS)[number];
export const DEFAULT_TONE_MAPPER: ToneMapperName = 'Neutral';

/** Spec §3 "Composition guide choices": None, then the guides and the social media formats. */
export const COMPOSITION_GUIDE_GROUPS = [
  { label: 'Guides', guides: ['GoldenRatio', 'RuleOfThird', 'Diagonal'] },
  { label: 'Social Media', guides: ['Story', 'PortraitFeed', 'LandscapeFeed', 'Square'] },
] as const satisfies readonly { label: string; guides: readonly CompositionGuideName[] }[];

/** Stills: sizes, and most samples per renderer (jittered raster samples stop adding detail long before noise-free path tracing). */
export const STILL_LIMITS = {
  width: { min: 16, max: 7680 },
  height: { min: 16, max: 4320 },
  samples: { Raster: 256, PathTracer: 4096 },
} as const;
export const STILL_RENDERERS = ['Raster', 'PathTracer'] as const;
export const STILL_FORMATS = ['PNG', 'JPG'] as const;

export const cameraPositionSchema = z.enum(CAMERA_POSITIONS);
export const bokehSchema = z.object({ Size: z.number().min(0), Shape: z.string() });
export const compositionOpacitySchema = z.number().min(0).max(1);
export const focusSettingsSchema = z.object({
  FocusMethod: z.enum(FOCUS_METHODS).optional(),
  ManualFocusDistance: z.number().positive().optional(),
});

const between = ({ min, max }: { min: number; max: number }) => z.number().int().min(min).max(max);

/** Rigs, lens, focus, bokeh, composition guides and the render modes of the camera manager. */
export const CAMERA_FUNCTIONS = defineFunctions({
  'Switch to Camera': { object: 'camera', description: 'Leaves the editor view for the camera view.' },
  'Switch Position': {
    object: 'camera',
    description: 'Moves to the Exterior crane or the Interior rail; focal length becomes 45 or 15 mm.',
    parameters: z.object({ Position: cameraPositionSchema }),
  },
  'Render Preview': { object: 'camera', description: 'Back to raster frames.' },
  'Render MQ': {
    object: 'camera',
    description: "Refined frame: renders a still of the current view into the engine's renders folder.",
    parameters: z.object({
      Width: z.number().int().positive().optional(),
      Height: z.number().int().positive().optional(),
    }),
    returns: z.object({ OutputPath: z.string() }),
  },
  RenderStill: {
    object: 'camera',
    description:
      "Reference engine only: renders the current view off screen at any size and answers the image (base64) and its path in the engine's renders folder. Raster samples are averaged jittered frames (anti-aliasing and depth of field, up to 256); PathTracer samples are path-traced frames (global illumination, up to 4096).",
    parameters: z.object({
      Width: between(STILL_LIMITS.width),
      Height: between(STILL_LIMITS.height),
      Format: z.enum(STILL_FORMATS).optional(),
      Samples: z.number().int().min(1).max(STILL_LIMITS.samples.PathTracer).optional(),
      TransparentBackground: z.boolean().optional(),
      Renderer: z.enum(STILL_RENDERERS).optional(),
    }),
    returns: z.object({ OutputPath: z.string(), MimeType: z.string(), Image: z.string() }),
  },
  'Set Composition Guide': {
    object: 'camera',
    description: 'Shows a composition guide (None to hide it).',
    parameters: value(z.string()),
  },
  'Change Composition Opacity': {
    object: 'camera',
    description: 'Opacity of the composition guide, 0–1.',
    parameters: value(compositionOpacitySchema),
  },
  ImportandUpdateCompositionGuide: {
    object: 'car',
    description: 'A custom composition guide image (opacity becomes 0.7).',
    parameters: z.object({ Url: z.string() }),
  },
  'Get Bokeh Options': {
    object: 'camera',
    description: 'Bokeh size, shape and the shapes offered.',
    returns: z.object({ Size: z.number(), Shape: z.string(), ShapeOptions: z.array(z.string()) }),
  },
  'Set Bokeh': { object: 'camera', description: 'Bokeh size and shape.', parameters: bokehSchema },
  CameraRigCraneControll: {
    object: 'camera',
    description: 'Moves the exterior crane by deltas; pitch and arm length are clamped.',
    parameters: z.object({ deltaYaw: z.number(), deltaPitch: z.number(), deltaArm: z.number() }),
  },
  UpdateInteriorCamera: {
    object: 'camera',
    description: 'Moves the interior rail by deltas; X, Y, Z stay in 0–1 and pitch is clamped.',
    parameters: z.object({
      deltaX: z.number(),
      deltaY: z.number(),
      deltaZ: z.number(),
      deltaYaw: z.number(),
      deltaPitch: z.number(),
    }),
  },
  GetCraneValues: {
    object: 'camera',
    description: 'The exterior crane.',
    returns: z.object({ 'Crane Yaw': z.number(), 'Crane Pitch': z.number(), 'Crane Arm Length': z.number() }),
  },
  GetInteriorCameraPosition: {
    object: 'camera',
    description: 'The interior rail.',
    returns: z.object({ X: z.number(), Y: z.number(), Z: z.number(), Yaw: z.number(), Pitch: z.number() }),
  },
  updateViewPortInteraction: {
    object: 'camera',
    description: 'While the user holds the pointer the engine renders cheaper frames.',
    parameters: z.object({ isHolding: z.boolean() }),
  },
  CameraInteriorYaw: { object: 'camera', description: 'Sets the interior yaw.', parameters: value(z.number()) },
  CameraInteriorPitch: {
    object: 'camera',
    description: 'Sets the interior pitch (clamped).',
    parameters: value(z.number()),
  },
  CameraInteriorX: { object: 'camera', description: 'Sets the interior X, 0–1.', parameters: value(z.number()) },
  CameraInteriorY: { object: 'camera', description: 'Sets the interior Y, 0–1.', parameters: value(z.number()) },
  CameraInteriorZ: { object: 'camera', description: 'Sets the interior Z, 0–1.', parameters: value(z.number()) },
});

export const CAMERA_PROPERTIES = defineProperties({
  CameraExteriorYaw: { object: 'camera', type: 'double', schema: z.number(), description: 'Crane yaw in degrees.' },
  CameraExteriorPitch: {
    object: 'camera',
    type: 'double',
    schema: z.number(),
    description: 'Crane pitch in degrees (clamped).',
  },
  CameraExteriorDistance: {
    object: 'camera',
    type: 'double',
    schema: z.number(),
    description: 'Crane arm length in cm (clamped).',
  },
  FocusSettings: {
    object: 'camera',
    type: 'CameraFocusSettings',
    schema: focusSettingsSchema,
    description: 'Focus method and manual focus distance in cm.',
  },
  CurrentFocalLength: {
    object: 'camera',
    type: 'float',
    schema: z.number().positive(),
    description: 'Focal length in mm.',
  },
  CurrentAperture: {
    object: 'camera',
    type: 'float',
    schema: z.number().positive(),
    description: 'Aperture (f-stop).',
  },
  switchToPathTraceOnIdle: {
    object: 'carStateManager',
    type: 'bool',
    schema: z.boolean(),
    description: 'Path trace progressively when idle.',
  },
  ToneMapper: {
    object: 'postProcess',
    type: 'FString',
    schema: z.enum(TONE_MAPPERS),
    description: `Tone mapper of every frame and still: ${TONE_MAPPERS.join(', ')}.`,
  },
  canPathTraceOnIdle: {
    object: 'carStateManager',
    type: 'bool',
    schema: z.boolean(),
    description:
      'Whether switchToPathTraceOnIdle takes effect on this engine; false where it cannot path trace (read-only).',
    readOnly: true,
  },
});
