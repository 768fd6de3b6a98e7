import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  BOKEH_SHAPES,
  CAMERA_FOCAL_LENGTH,
  CAMERA_LIMITS,
  COMPOSITION_GUIDE_IMAGE_OPACITY,
  COMPOSITION_GUIDES,
  CUSTOM_COMPOSITION_GUIDE,
  ENGINE_IMAGE_UNDECODABLE,
  STILL_LIMITS,
  type CAMERA_FUNCTIONS,
  type EngineHandlersOf,
} from '@autostudio/protocol';
import type { StillOptions } from '../contract/render-contract.js';
import { EngineError } from './engine-error.js';
import { clamp, wrapDegrees, type SceneCore } from './scene-core.js';
import { callerSignal } from './caller-signal.js';

/** Rail values of the interior camera, absolute; what is not given stays. */
export interface InteriorValues {
  X?: number;
  Y?: number;
  Z?: number;
  Yaw?: number;
  Pitch?: number;
}

/** The camera: spots, crane and rail rigs, lens and bokeh, composition guides, and stills. */
export class Camera {
  private renders = 0;

  constructor(private readonly scene: SceneCore) {}

  readonly handlers: EngineHandlersOf<typeof CAMERA_FUNCTIONS> = {
    'Switch to Camera': () => {
      this.scene.viewMode = 'camera';
    },
    'Switch Position': ({ Position }) => this.switchPosition(Position),
    'Render Preview': () => {
      this.scene.state.render.quality = 'preview';
    },
    'Render MQ': async ({ Width, Height }) => {
      this.scene.state.render.quality = 'mq';
      await this.scene.renderer.apply(this.scene.state);
      const { viewport } = this.scene.state;
      const { path: OutputPath } = await this.renderStill({
        width: Width ?? viewport.width,
        height: Height ?? viewport.height,
        format: 'png',
      });
      return { OutputPath };
    },
    RenderStill: async (params) => {
      const format = params.Format === 'JPG' ? 'jpg' : 'png';
      const pathTraced = params.Renderer === 'PathTracer';
      if (pathTraced && this.scene.pathTracing === 'off')
        throw new EngineError('RenderStill: path tracing is turned off on this engine (--path-tracing off)');
      if (!pathTraced && (params.Samples ?? 0) > STILL_LIMITS.samples.Raster)
        throw new EngineError(
          `RenderStill: at most ${STILL_LIMITS.samples.Raster} raster samples; PathTracer takes more`,
        );
      const { path: OutputPath, image } = await this.renderStill({
        width: params.Width,
        height: params.Height,
        format,
        samples: params.Samples,
        transparentBackground: params.TransparentBackground,
        renderer: pathTraced ? 'pathTracer' : 'raster',
      });
      return { OutputPath, MimeType: format === 'jpg' ? 'image/jpeg' : 'image/png', Image: image.toString('base64') };
    },
    'Set Composition Guide': ({ Value }) => this.setCompositionGuide(Value),
    'Change Composition Opacity': ({ Value }) => {
      this.camera.compositionOpacity = Value;
    },
    ImportandUpdateCompositionGuide: async ({ Url }) => {
      const image = await this.scene.images.fetch(Url, { use: 'image', undecodable: ENGINE_IMAGE_UNDECODABLE.guide });
      const camera = this.camera;
      camera.compositionImageUrl = image;
      camera.compositionGuide = CUSTOM_COMPOSITION_GUIDE;
      camera.compositionOpacity = COMPOSITION_GUIDE_IMAGE_OPACITY;
    },
    'Get Bokeh Options': () => ({
      Size: this.camera.bokeh.size,
      Shape: this.camera.bokeh.shape,
      ShapeOptions: [...BOKEH_SHAPES],
    }),
    'Set Bokeh': ({ Size, Shape }) => this.setBokeh({ Size, Shape }),
    CameraRigCraneControll: ({ deltaYaw, deltaPitch, deltaArm }) => {
      const crane = this.camera.crane;
      crane.yaw = wrapDegrees(crane.yaw + deltaYaw);
      crane.pitch = clamp(crane.pitch + deltaPitch, CAMERA_LIMITS.cranePitch);
      crane.distance = clamp(crane.distance + deltaArm, CAMERA_LIMITS.craneDistance);
    },
    UpdateInteriorCamera: ({ deltaX, deltaY, deltaZ, deltaYaw, deltaPitch }) => {
      const rail = this.camera.rail;
      rail.x = clamp(rail.x + deltaX, CAMERA_LIMITS.interiorAxis);
      rail.y = clamp(rail.y + deltaY, CAMERA_LIMITS.interiorAxis);
      rail.z = clamp(rail.z + deltaZ, CAMERA_LIMITS.interiorAxis);
      rail.yaw = wrapDegrees(rail.yaw + deltaYaw);
      rail.pitch = clamp(rail.pitch + deltaPitch, CAMERA_LIMITS.interiorPitch);
    },
    GetCraneValues: () => ({
      'Crane Yaw': this.camera.crane.yaw,
      'Crane Pitch': this.camera.crane.pitch,
      'Crane Arm Length': this.camera.crane.distance,
    }),
    GetInteriorCameraPosition: () => {
      const rail = this.camera.rail;
      return { X: rail.x, Y: rail.y, Z: rail.z, Yaw: rail.yaw, Pitch: rail.pitch };
    },
    updateViewPortInteraction: ({ isHolding }) => {
      this.scene.state.render.interactive = isHolding;
    },
    CameraInteriorYaw: ({ Value }) => this.setInterior({ Yaw: Value }),
    CameraInteriorPitch: ({ Value }) => this.setInterior({ Pitch: Value }),
    CameraInteriorX: ({ Value }) => this.setInterior({ X: Value }),
    CameraInteriorY: ({ Value }) => this.setInterior({ Y: Value }),
    CameraInteriorZ: ({ Value }) => this.setInterior({ Z: Value }),
  };

  private get camera() {
    return this.scene.state.camera;
  }

  switchPosition(position: 'Exterior' | 'Interior'): void {
    this.scene.viewMode = 'camera';
    this.camera.spot = position;
    this.camera.focalLength = position === 'Exterior' ? CAMERA_FOCAL_LENGTH.Exterior : CAMERA_FOCAL_LENGTH.other;
  }

  setCompositionGuide(name: string): void {
    const guide = COMPOSITION_GUIDES.find((g) => g.toLowerCase() === name.toLowerCase());
    if (!guide)
      throw new EngineError(`Unknown composition guide ${name}; options are ${COMPOSITION_GUIDES.join(', ')}`);
    this.camera.compositionGuide = guide;
  }

  /** What is not given stays as it is. */
  setBokeh({ Size, Shape }: { Size?: number; Shape?: string }): void {
    const bokeh = this.camera.bokeh;
    let shape = bokeh.shape;
    if (Shape !== undefined) {
      const offered = BOKEH_SHAPES.find((s) => s.toLowerCase() === Shape.toLowerCase());
      if (!offered) throw new EngineError(`Unknown bokeh shape ${Shape}; options are ${BOKEH_SHAPES.join(', ')}`);
      shape = offered;
    }
    this.camera.bokeh = { size: Size ?? bokeh.size, shape };
  }

  /** Absolute rail values: X, Y, Z stay in 0–1, pitch is clamped, yaw wraps. */
  setInterior(values: InteriorValues): void {
    const rail = this.camera.rail;
    const axis = (v: number | undefined, current: number) =>
      v === undefined ? current : clamp(v, CAMERA_LIMITS.interiorAxis);
    rail.x = axis(values.X, rail.x);
    rail.y = axis(values.Y, rail.y);
    rail.z = axis(values.Z, rail.z);
    if (values.Yaw !== undefined) rail.yaw = wrapDegrees(values.Yaw);
    if (values.Pitch !== undefined) rail.pitch = clamp(values.Pitch, CAMERA_LIMITS.interiorPitch);
  }

  /** Renders a still into the engine's renders folder; answers its path (relative to the folder) and bytes. */
  private async renderStill(options: StillOptions): Promise<{ path: string; image: Buffer }> {
    const { renderer, dataDir } = this.scene;
    const image = await renderer.still(options, callerSignal());
    const folder = path.join(dataDir, 'renders');
    await mkdir(folder, { recursive: true });
    this.renders += 1;
    const file = path.join(folder, `render-${Date.now()}-${this.renders}.${options.format}`);
    await writeFile(file, image);
    return { path: path.relative(dataDir, file).split(path.sep).join('/'), image };
  }
}
