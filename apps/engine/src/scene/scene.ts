import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  BOKEH_SHAPES,
  CAMERA_FOCAL_LENGTH,
  CAMERA_LIMITS,
  COMPOSITION_GUIDES,
  CUSTOM_COMPOSITION_GUIDE,
  DOOR_RANGE,
  TIME_OF_DAY_OPTIONS,
  COMPOSITION_GUIDE_IMAGE_OPACITY,
  LIGHT_DEFAULTS,
  LIGHT_TYPES,
  POST_PROCESS_OUT_NAMES,
  POST_PROCESS_PARAMETERS,
  STATE_MESSAGES,
  TIMELINE_FPS,
  type EngineArgsOf,
  type EngineConfigSettings,
  type EngineFunctionName,
  type EngineHandlers,
  type EngineObjectKey,
  type LightData,
  type PostProcessValues,
} from '@autostudio/protocol';
import type { ModelParts, Renderer, StillOptions } from '../contract/renderer.js';
import { STILL_SAMPLE_LIMITS, type PathTracingMode } from '../contract/render-contract.js';
import { DOORS, PAINTS, TRIMS, paintKey } from '../contract/car-catalogue.js';
import { EngineError } from './engine-error.js';
import { ENVIRONMENTS, PCG_DEFAULTS, findEnvironment } from './environments.js';
import { defaultPostProcess, initialSceneState } from './initial-state.js';
import type { FetchPolicy } from './engine-fetch.js';
import { ImageImports } from './image-import.js';
import { ModelDownloader } from './model-download.js';
import type { CustomLight, SceneState } from '../contract/scene-state.js';

const clamp = (value: number, range: { min: number; max: number }) => Math.min(range.max, Math.max(range.min, value));

/** What the built-in car offers: every door, the trim's lamps, a paint, three trims. */
function builtInParts(): ModelParts {
  return {
    doors: [...DOORS],
    lamps: ['HeadLamps1', 'TailLamps1', 'DRLs', 'SignatureLEDs'],
    hasPaint: true,
    trims: TRIMS.map((t) => t.name),
  };
}

interface InteriorDeltas {
  deltaX: number;
  deltaY: number;
  deltaZ: number;
  deltaYaw: number;
  deltaPitch: number;
}

interface Sequence {
  keyframes: { time: number; yaw?: number; pitch?: number; distance?: number }[];
  /** Seconds into the sequence. */
  position: number;
}

/** Where a light orbits, as the light manager takes it; the scene state keeps the resulting position. */
interface LightMovement {
  Yaw: number;
  Pitch: number;
  Radius: number;
  X: number;
  Y: number;
  Z: number;
}

/** What UpdateLightSettings may change; a configuration's light brings the same fields. */
type LightSettings = Partial<Omit<LightData, 'ID' | 'LightType' | 'LightColor'>> & {
  LightType?: string;
  LightColor?: Partial<LightData['LightColor']>;
};

type CustomLightConfig = NonNullable<EngineConfigSettings['CustomLights']>[number];

/** What Update New Config puts back when a part of a configuration is refused. */
interface Snapshot {
  state: SceneState;
  viewMode: Scene['viewMode'];
  lightMovement: Map<number, LightMovement>;
  nextLightId: number;
}

export interface SceneOptions {
  renderer: Renderer;
  /** `off` refuses path-traced stills; `auto` and `on` are the renderer's business (see PathTracingMode). */
  pathTracing?: PathTracingMode;
  /** The engine's folder: downloaded models, renders. */
  dataDir: string;
  viewport: { width: number; height: number };
  /** What Download File and the image imports may fetch; nothing when absent. */
  fetchPolicy?: FetchPolicy | undefined;
}

/**
 * The scene: its state, and every catalogue function and property as an operation on it. Each call that changes the
 * state hands the new state to the renderer; reads never do.
 */
export class Scene {
  state: SceneState;
  parts: ModelParts = builtInParts();
  /** Spec §3: the editor view until a camera is chosen. */
  viewMode: 'editor' | 'camera' = 'editor';
  readonly downloader: ModelDownloader;
  private readonly images: ImageImports;
  private readonly sequences = new Map<string, Sequence>();
  private currentSequence: string | null = null;
  private playing = false;
  private playTimer: NodeJS.Timeout | null = null;
  private lightMovement = new Map<number, LightMovement>();
  private nextLightId = 0;
  private renders = 0;
  private readonly handlers: EngineHandlers;

  constructor(private readonly options: SceneOptions) {
    this.state = initialSceneState(options.viewport);
    this.downloader = new ModelDownloader(options.dataDir, options.fetchPolicy);
    this.images = new ImageImports(options.dataDir, options.fetchPolicy);
    // One handler per catalogue function: a function without one, or a handler taking other parameters than the
    // catalogue's, does not compile.
    this.handlers = {
      ...this.carHandlers(),
      ...this.carStateHandlers(),
      ...this.cameraHandlers(),
      ...this.postProcessHandlers(),
      ...this.lightHandlers(),
    };
  }

  /**
   * A stream player asked for frames of its viewport's size. The engine keeps the player's proportions but never
   * draws more pixels than it was started with, so a 4K monitor cannot ask a CPU renderer for 4K frames.
   */
  async resizeViewport(width: number, height: number): Promise<void> {
    const limit = this.options.viewport;
    const scale = Math.min(1, limit.width / width, limit.height / height);
    // Even sizes: video encoders want them.
    const even = (n: number) => Math.max(16, Math.round((n * scale) / 2) * 2);
    const viewport = { width: even(width), height: even(height) };
    if (viewport.width === this.state.viewport.width && viewport.height === this.state.viewport.height) return;
    this.state.viewport = viewport;
    await this.options.renderer.apply(this.state);
  }

  /** Calls a catalogue function with parameters its schema parsed; answers its return and out values. */
  async call<Name extends EngineFunctionName>(
    name: Name,
    params: EngineArgsOf<Name>,
  ): Promise<Record<string, unknown>> {
    const handler: EngineHandlers[Name] = this.handlers[name];
    const before = JSON.stringify(this.state);
    const snapshot = this.snapshot();
    const answer = await handler(params);
    const result = answer ?? {};
    if (JSON.stringify(this.state) !== before) {
      try {
        await this.options.renderer.apply(this.state);
      } catch (error) {
        // A state the page could not show (an image it could not decode) is not kept: otherwise every later call
        // would hand it over again and fail the same way.
        this.restore(snapshot);
        throw error;
      }
    }
    return result;
  }

  readProperty(object: EngineObjectKey, name: string): unknown {
    const { camera, environment } = this.state;
    const hdri = environment.hdri;
    const key = `${object}.${name}`;
    switch (key) {
      case 'camera.CameraExteriorYaw':
        return camera.crane.yaw;
      case 'camera.CameraExteriorPitch':
        return camera.crane.pitch;
      case 'camera.CameraExteriorDistance':
        return camera.crane.distance;
      case 'camera.FocusSettings':
        return { FocusMethod: camera.focus.method, ManualFocusDistance: camera.focus.distance };
      case 'camera.CurrentFocalLength':
        return camera.focalLength;
      case 'camera.CurrentAperture':
        return camera.aperture;
      case 'carStateManager.switchToPathTraceOnIdle':
        return this.state.render.pathTraceOnIdle;
      case 'car.HdrIntensity':
        return hdri.intensity;
      case 'car.HdrSize':
        return hdri.size;
      case 'car.HdrYaw':
        return hdri.rotation;
      case 'car.HdrGroundSize':
        return hdri.groundSize;
      case 'car.HdrResolution':
        return hdri.resolution;
      case 'car.HdrLightIntensity':
        return hdri.lightIntensity;
      case 'car.HdrLightColor':
        return { R: hdri.lightColor.r, G: hdri.lightColor.g, B: hdri.lightColor.b };
      default:
        throw new EngineError(`Property ${name} is not implemented on ${object}`, 501);
    }
  }

  /** Writes a parsed property value. */
  async writeProperty(object: EngineObjectKey, name: string, value: unknown): Promise<void> {
    this.assignProperty(object, name, value);
    await this.options.renderer.apply(this.state);
  }

  /** A property write without drawing, for Update New Config, which draws once for everything. */
  private assignProperty(object: EngineObjectKey, name: string, value: unknown): void {
    const { camera, environment } = this.state;
    const hdri = environment.hdri;
    const n = value as number;
    switch (`${object}.${name}`) {
      case 'camera.CameraExteriorYaw':
        camera.crane.yaw = wrapDegrees(n);
        break;
      case 'camera.CameraExteriorPitch':
        camera.crane.pitch = clamp(n, CAMERA_LIMITS.cranePitch);
        break;
      case 'camera.CameraExteriorDistance':
        camera.crane.distance = clamp(n, CAMERA_LIMITS.craneDistance);
        break;
      case 'camera.FocusSettings': {
        const focus = value as { FocusMethod?: 'Tracking' | 'Manual' | 'Disable'; ManualFocusDistance?: number };
        if (focus.FocusMethod) camera.focus.method = focus.FocusMethod;
        if (focus.ManualFocusDistance !== undefined) camera.focus.distance = focus.ManualFocusDistance;
        break;
      }
      case 'camera.CurrentFocalLength':
        camera.focalLength = n;
        break;
      case 'camera.CurrentAperture':
        camera.aperture = n;
        break;
      case 'carStateManager.switchToPathTraceOnIdle':
        this.state.render.pathTraceOnIdle = value as boolean;
        break;
      case 'car.HdrIntensity':
        hdri.intensity = n;
        break;
      case 'car.HdrSize':
        hdri.size = n;
        break;
      case 'car.HdrYaw':
        hdri.rotation = n;
        break;
      case 'car.HdrGroundSize':
        hdri.groundSize = n;
        break;
      case 'car.HdrResolution':
        hdri.resolution = n;
        break;
      case 'car.HdrLightIntensity':
        hdri.lightIntensity = n;
        break;
      case 'car.HdrLightColor': {
        const color = value as { R: number; G: number; B: number };
        hdri.lightColor = { r: color.R, g: color.G, b: color.B };
        break;
      }
      default:
        throw new EngineError(`Property ${name} is not implemented on ${object}`, 501);
    }
  }

  async close(): Promise<void> {
    this.stopPlayback();
    await this.downloader.settled();
  }

  /**
   * Back to the scene a fresh engine shows (initialSceneState), without restarting the process: the next user of a
   * pooled engine starts from the defaults and finds nothing of the previous user's models, sequences or lights.
   */
  async reset(): Promise<void> {
    // The previous user's viewers go first: nothing of the next user's scene may reach them.
    await this.options.renderer.dropViewers?.();
    this.stopPlayback();
    await this.downloader.reset();
    await this.images.reset();
    this.state = initialSceneState(this.state.viewport);
    this.parts = builtInParts();
    this.viewMode = 'editor';
    this.sequences.clear();
    this.currentSequence = null;
    this.lightMovement.clear();
    this.nextLightId = 0;
    await this.options.renderer.apply(this.state);
  }

  // ---- Update New Config ----

  /**
   * A saved configuration, section by section in a fixed order through the methods of the single functions (a trim
   * decides which paints and lamps the later sections may choose). A refusal anywhere puts everything back and names
   * its section; nothing has been drawn by then, as Scene.call draws once, after the handler.
   */
  private applyConfig(settings: EngineConfigSettings): void {
    const before = this.snapshot();
    try {
      section('Trim', settings.Trim, (name) => {
        const trim = this.findTrim(name);
        if (!trim) throw new EngineError(`Unknown trim ${name}; options are ${this.trimNames().join(', ') || 'none'}`);
        this.switchTrim(trim);
      });
      section('Paint', settings.Paint, (paint) => this.setPaint(paint));
      section('Lights', settings.Lights, (lamps) => {
        for (const [name, lamp] of Object.entries(lamps)) this.turnLamp(name, lamp.OnOff, lamp.Intensity);
      });
      section('ConfigureValues', settings.ConfigureValues, (values) => {
        for (const [name, value] of Object.entries(values)) this.setConfigureValue(name, value);
      });
      section('Camera', settings.Camera, (camera) => this.applyCamera(camera));
      section('Environment', settings.Environment, (environment) => this.applyEnvironment(environment));
      section('PostProcess', settings.PostProcess, (values) => this.setPostProcess(values));
      section('CustomLights', settings.CustomLights, (lights) => this.replaceLights(lights));
    } catch (error) {
      this.restore(before);
      throw error;
    }
  }

  private applyCamera(camera: NonNullable<EngineConfigSettings['Camera']>): void {
    if (camera.Position) this.switchPosition(camera.Position);
    const crane = camera.Crane ?? {};
    this.assignProperties('camera', {
      CameraExteriorYaw: crane.Yaw,
      CameraExteriorPitch: crane.Pitch,
      CameraExteriorDistance: crane.ArmLength,
    });
    if (camera.Interior) this.setInterior(camera.Interior);
    // After Position, which sets a focal length of its own.
    this.assignProperties('camera', {
      CurrentFocalLength: camera.FocalLength,
      CurrentAperture: camera.Aperture,
      FocusSettings: camera.FocusSettings,
    });
    if (camera.Bokeh) this.setBokeh(camera.Bokeh);
    if (camera.CompositionGuide !== undefined) this.setCompositionGuide(camera.CompositionGuide);
    if (camera.CompositionOpacity !== undefined) this.state.camera.compositionOpacity = camera.CompositionOpacity;
  }

  private applyEnvironment(environment: NonNullable<EngineConfigSettings['Environment']>): void {
    if (environment.Path !== undefined) this.loadEnvironment(environment.Path);
    if (environment.TimeOfDay !== undefined) this.setTimeOfDay(environment.TimeOfDay);
    if (environment.SunAzimuth !== undefined) this.setSunAzimuth(environment.SunAzimuth);
    if (environment.PCG) this.setPcg(environment.PCG);
    if (environment.Backplate !== undefined) this.setBackplate(environment.Backplate);
    // Hdr's fields are the backdrop's Hdr… properties without their prefix.
    const hdr = Object.entries(environment.Hdr ?? {}).map(([name, value]): [string, unknown] => [`Hdr${name}`, value]);
    this.assignProperties('car', Object.fromEntries(hdr));
  }

  /** Property writes without drawing; values not given are left alone. */
  private assignProperties(object: EngineObjectKey, values: Record<string, unknown>): void {
    for (const [name, value] of Object.entries(values)) {
      if (value !== undefined) this.assignProperty(object, name, value);
    }
  }

  /** Everything a configuration can change: the scene state and the light manager's own bookkeeping. */
  private snapshot(): Snapshot {
    return {
      state: structuredClone(this.state),
      viewMode: this.viewMode,
      lightMovement: structuredClone(this.lightMovement),
      nextLightId: this.nextLightId,
    };
  }

  private restore(snapshot: Snapshot): void {
    this.state = snapshot.state;
    this.viewMode = snapshot.viewMode;
    this.lightMovement = snapshot.lightMovement;
    this.nextLightId = snapshot.nextLightId;
  }

  // ---- car ----

  private trimNames(): string[] {
    return this.parts.trims;
  }

  /** Paint keys offered on a trim: the built-in car's list, or every paint for a loaded model with a Paint material. */
  private paintsOf(trim: string): string[] {
    if (!this.parts.hasPaint) return [];
    if (this.state.car.modelPath === null) return TRIMS.find((t) => t.name === trim)?.paints ?? [];
    return PAINTS.map((p) => paintKey(p.name));
  }

  /** Lamps the car has now: the built-in car's trim decides; a loaded model offers what it names. */
  private lampsNow(): string[] {
    if (this.state.car.modelPath === null) return TRIMS.find((t) => t.name === this.state.car.trim)?.lamps ?? [];
    return this.parts.lamps;
  }

  private carHandlers() {
    return {
      GetCarOptions: () => ({ options: this.trimNames(), curentIndex: this.trimNames().indexOf(this.state.car.trim) }),
      'Get Material Options': () => ({
        Current: this.parts.hasPaint ? this.state.car.paint : '',
        MaterialOptions: this.paintsOf(this.state.car.trim),
      }),
      'Get Trim Paint Option': () => ({
        current: this.state.car.trim,
        paintOptions: Object.fromEntries(this.trimNames().map((trim) => [trim, this.paintsOf(trim)])),
      }),
      'Update Car Material': ({ MaterialToSet }: { MaterialToSet: string }) => {
        const trim = this.findTrim(MaterialToSet);
        if (trim) this.switchTrim(trim);
        else this.setPaint(MaterialToSet);
      },
      CarLightTurnOnOff: ({ LightName, OnOff, Intensity }: { LightName: string; OnOff: boolean; Intensity?: number }) =>
        this.turnLamp(LightName, OnOff, Intensity),
      LoadCarByPath: async ({ Path }: { Path: string }) => this.loadCar(Path),
      'Download File': ({ Url }: { Url: string }) => this.downloader.start(Url),
      'Get Download Status': () => ({ ...this.downloader.current() }),
      // Backdrop and environment
      ImportandUpdateCompositionGuide: async ({ Url }: { Url: string }) => {
        const image = await this.images.fetch(Url);
        const camera = this.state.camera;
        camera.compositionImageUrl = image;
        camera.compositionGuide = CUSTOM_COMPOSITION_GUIDE;
        camera.compositionOpacity = COMPOSITION_GUIDE_IMAGE_OPACITY;
      },
      ImportandUpdateBackplate: async ({ Url }: { Url: string }) => {
        const image = await this.images.fetch(Url);
        this.state.environment.backplate = { enabled: true, imageUrl: image };
      },
      ImportandApplyCubemap: async ({ Url }: { Url: string }) => {
        const image = await this.images.fetch(Url);
        this.state.environment.hdri.imageUrl = image;
      },
      ToggleBackplateSwitch: ({ Value }: { Value: boolean }) => this.setBackplate(Value),
      'Get Time Of the Day Options': () => ({
        Current: this.state.environment.timeOfDay,
        TODOptions: [...TIME_OF_DAY_OPTIONS],
      }),
      'Set Time Of the Day': ({ Value }: { Value: string }) => this.setTimeOfDay(Value),
      'Set Sun Azimuth Angle': ({ Value }: { Value: number }) => this.setSunAzimuth(Value),
      GetEnvironmentOptions: () => ({
        Current: this.state.environment.name,
        Options: ENVIRONMENTS.map((env) =>
          env.name === 'desert-pcg'
            ? {
                ...env,
                environmentConfigOptions: env.environmentConfigOptions.map((o) => ({
                  ...o,
                  value: this.state.environment.pcg[o.name] ?? o.value,
                })),
              }
            : env,
        ),
      }),
      LoadEnvironmentbyPath: ({ Path }: { Path: string }) => this.loadEnvironment(Path),
      GetAllPCGOptions: () => ({ PCGOptions: { ...this.state.environment.pcg } }),
      SetPCG: (values: Record<string, number | undefined>) => {
        if (Object.keys(values).length === 0)
          throw new EngineError('SetPCG: no option given (GrassDensity, PlantDensity, TreeDensity, RockDensity)');
        this.setPcg(values);
      },
      'Update New Config': ({ Settings }: { Settings: EngineConfigSettings }) => this.applyConfig(Settings),
      // Animation
      CreateSequence: ({ Name, Keyframes }: { Name?: string; Keyframes: Sequence['keyframes'] }) => {
        const base = (Name ?? `Sequence${this.sequences.size + 1}`).replace(/[^A-Za-z0-9_]/g, '_');
        let name = base;
        for (let n = 2; this.sequences.has(sequencePath(name)); n += 1) name = `${base}_${n}`;
        const path = sequencePath(name);
        this.sequences.set(path, { keyframes: sortKeyframes(Keyframes), position: 0 });
        return { SequencePath: path };
      },
      UpdateSequence: ({ SequencePath, Keyframes }: { SequencePath: string; Keyframes: Sequence['keyframes'] }) => {
        this.sequence(SequencePath).keyframes = sortKeyframes(Keyframes);
      },
      PlaySequenceWithPath: ({ SequencePath }: { SequencePath: string }) => {
        const sequence = this.sequence(SequencePath);
        this.currentSequence = this.pathOf(SequencePath);
        sequence.position = 0;
        this.startPlayback();
      },
      PlaySequence: () => {
        this.requireCurrentSequence();
        this.startPlayback();
      },
      PlayPauseSequence: () => {
        this.requireCurrentSequence();
        if (this.playing) this.stopPlayback();
        else this.startPlayback();
      },
      StopSequence: () => {
        const sequence = this.requireCurrentSequence();
        this.stopPlayback();
        sequence.position = 0;
      },
      GotoSequenceFrameWithPath: ({ SequencePath, Frame }: { SequencePath: string; Frame: number }) => {
        const sequence = this.sequence(SequencePath);
        this.currentSequence = this.pathOf(SequencePath);
        sequence.position = Frame / TIMELINE_FPS;
        this.poseAt(sequence);
      },
      GetAnimationPlayingStatus: () => ({ Playing: this.playing }),
    };
  }

  private turnOffMissingLamps(): void {
    const lamps = this.state.car.lamps as Record<string, { on: boolean; intensity: number }>;
    for (const [name, lamp] of Object.entries(lamps)) if (!this.lampsNow().includes(name)) lamp.on = false;
  }

  private findTrim(name: string): string | undefined {
    const wanted = name.toLowerCase();
    return this.trimNames().find((t) => t.toLowerCase() === wanted);
  }

  /** Keeps the paint if the trim offers it, otherwise takes the trim's first; lamps the trim lacks go off. */
  private switchTrim(trim: string): void {
    this.state.car.trim = trim;
    const offered = this.paintsOf(trim);
    if (offered.length > 0 && !offered.includes(this.state.car.paint))
      this.state.car.paint = offered[0] ?? this.state.car.paint;
    this.turnOffMissingLamps();
  }

  private setPaint(name: string): void {
    if (!this.parts.hasPaint) throw new EngineError('The loaded car model has no Paint material');
    const key = paintKey(name);
    if (!PAINTS.some((p) => paintKey(p.name) === key)) throw new EngineError(`Unknown material ${name}`);
    if (!this.paintsOf(this.state.car.trim).includes(key)) {
      throw new EngineError(`The paint ${name} is not offered on the ${this.state.car.trim} trim`);
    }
    this.state.car.paint = key;
  }

  private turnLamp(lightName: string, on: boolean, intensity?: number): void {
    const lamps = this.state.car.lamps as Record<string, { on: boolean; intensity: number }>;
    const name = Object.keys(lamps).find((l) => l.toLowerCase() === lightName.toLowerCase());
    if (!name)
      throw new EngineError(`Unknown light ${lightName}; the car has HeadLamps1, TailLamps1, DRLs and SignatureLEDs`);
    if (!this.lampsNow().includes(name)) {
      const where = this.state.car.modelPath === null ? `the ${this.state.car.trim} trim` : 'the loaded car model';
      throw new EngineError(`${name} is not available on ${where}`);
    }
    const lamp = lamps[name] ?? { on: false, intensity: 1 };
    lamps[name] = { on, intensity: intensity ?? lamp.intensity };
  }

  private setBackplate(on: boolean): void {
    if (on && !this.state.environment.backplate.imageUrl) {
      throw new EngineError('No backplate image: call ImportandUpdateBackplate first');
    }
    this.state.environment.backplate.enabled = on;
  }

  private setTimeOfDay(value: string): void {
    const option = TIME_OF_DAY_OPTIONS.find((t) => t.toLowerCase() === value.toLowerCase());
    if (!option) throw new EngineError(`Unknown time of day ${value}; options are ${TIME_OF_DAY_OPTIONS.join(', ')}`);
    this.state.environment.timeOfDay = option;
  }

  private setSunAzimuth(degrees: number): void {
    this.state.environment.sunDirection = ((degrees % 360) + 360) % 360;
  }

  private loadEnvironment(pathOrName: string): void {
    const env = findEnvironment(pathOrName);
    if (!env) throw new EngineError(`Unknown environment ${pathOrName}`);
    this.state.environment.name = env.name;
  }

  /** Scatter densities by option name, either case; an unknown option is refused. */
  private setPcg(values: Record<string, number | undefined>): void {
    const names = Object.keys(PCG_DEFAULTS);
    for (const [given, v] of Object.entries(values)) {
      if (v === undefined) continue;
      const name = names.find((n) => n.toLowerCase() === given.toLowerCase());
      if (!name) throw new EngineError(`Unknown PCG option ${given}; options are ${names.join(', ')}`);
      this.state.environment.pcg[name] = v;
    }
  }

  private async loadCar(relative: string): Promise<void> {
    if (relative === '') {
      this.parts = builtInParts();
      this.state.car = initialSceneState(this.state.viewport).car;
      return;
    }
    const root = path.resolve(this.options.dataDir);
    const file = path.resolve(root, relative);
    if (!file.startsWith(root + path.sep))
      throw new EngineError(`LoadCarByPath: ${relative} is outside the engine's folder`);
    if (!/\.(glb|gltf)$/i.test(file)) throw new EngineError('LoadCarByPath: the model must be a .glb or .gltf file');
    const found = await stat(file).catch(() => null);
    if (!found?.isFile()) throw new EngineError(`LoadCarByPath: no model at ${relative}`);
    let parts: ModelParts;
    try {
      parts = await this.options.renderer.loadModel(file);
    } catch (error) {
      throw new EngineError(
        `LoadCarByPath: the model could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    this.parts = parts;
    const car = this.state.car;
    car.modelPath = path.relative(root, file).split(path.sep).join('/');
    car.trim = parts.trims[0] ?? '';
    car.paint = parts.hasPaint
      ? this.paintsOf(car.trim).includes(car.paint)
        ? car.paint
        : paintKey(PAINTS[0]?.name ?? '')
      : car.paint;
    car.doors = { DOOR_FL: 0, DOOR_FR: 0, DOOR_RL: 0, DOOR_RR: 0 };
    this.turnOffMissingLamps();
  }

  // ---- car state manager ----

  private carStateHandlers() {
    return {
      UpdateConfigureValue: ({ Name, Value }: { Name: string; Value: number }) => ({
        Value: this.setConfigureValue(Name, Value),
      }),
      GetConfigureValues: () => ({
        Values: Object.fromEntries(
          DOORS.filter((d) => this.parts.doors.includes(d)).map((d) => [d, this.state.car.doors[d]]),
        ),
      }),
    };
  }

  /** Answers the value applied: doors clamp to 0–50. */
  private setConfigureValue(name: string, value: number): number {
    const door = DOORS.find((d) => d === name.toUpperCase());
    if (!door) throw new EngineError(`Unknown configure value ${name}; the configure values are ${DOORS.join(', ')}`);
    if (!this.parts.doors.includes(door)) throw new EngineError(`The loaded car model has no door ${door}`);
    const applied = clamp(value, DOOR_RANGE);
    this.state.car.doors[door] = applied;
    return applied;
  }

  // ---- camera ----

  private cameraHandlers() {
    const cam = () => this.state.camera;
    return {
      'Switch to Camera': () => {
        this.viewMode = 'camera';
      },
      'Switch Position': ({ Position }: { Position: 'Exterior' | 'Interior' }) => this.switchPosition(Position),
      'Render Preview': () => {
        this.state.render.quality = 'preview';
      },
      'Render MQ': async ({ Width, Height }: { Width?: number; Height?: number }) => {
        this.state.render.quality = 'mq';
        await this.options.renderer.apply(this.state);
        const { path: OutputPath } = await this.renderStill({
          width: Width ?? this.state.viewport.width,
          height: Height ?? this.state.viewport.height,
          format: 'png',
        });
        return { OutputPath };
      },
      RenderStill: async (params: {
        Width: number;
        Height: number;
        Format?: 'PNG' | 'JPG';
        Samples?: number;
        TransparentBackground?: boolean;
        Renderer?: 'Raster' | 'PathTracer';
      }) => {
        const format = params.Format === 'JPG' ? 'jpg' : 'png';
        const pathTraced = params.Renderer === 'PathTracer';
        if (pathTraced && this.options.pathTracing === 'off')
          throw new EngineError('RenderStill: path tracing is turned off on this engine (--path-tracing off)');
        if (!pathTraced && (params.Samples ?? 0) > STILL_SAMPLE_LIMITS.raster)
          throw new EngineError(
            `RenderStill: at most ${STILL_SAMPLE_LIMITS.raster} raster samples; PathTracer takes more`,
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
      'Set Composition Guide': ({ Value }: { Value: string }) => this.setCompositionGuide(Value),
      'Change Composition Opacity': ({ Value }: { Value: number }) => {
        cam().compositionOpacity = Value;
      },
      'Get Bokeh Options': () => ({
        Size: cam().bokeh.size,
        Shape: cam().bokeh.shape,
        ShapeOptions: [...BOKEH_SHAPES],
      }),
      'Set Bokeh': ({ Size, Shape }: { Size: number; Shape: string }) => this.setBokeh({ Size, Shape }),
      CameraRigCraneControll: ({
        deltaYaw,
        deltaPitch,
        deltaArm,
      }: {
        deltaYaw: number;
        deltaPitch: number;
        deltaArm: number;
      }) => {
        const crane = cam().crane;
        crane.yaw = wrapDegrees(crane.yaw + deltaYaw);
        crane.pitch = clamp(crane.pitch + deltaPitch, CAMERA_LIMITS.cranePitch);
        crane.distance = clamp(crane.distance + deltaArm, CAMERA_LIMITS.craneDistance);
      },
      UpdateInteriorCamera: ({ deltaX, deltaY, deltaZ, deltaYaw, deltaPitch }: InteriorDeltas) => {
        const rail = cam().rail;
        rail.x = clamp(rail.x + deltaX, CAMERA_LIMITS.interiorAxis);
        rail.y = clamp(rail.y + deltaY, CAMERA_LIMITS.interiorAxis);
        rail.z = clamp(rail.z + deltaZ, CAMERA_LIMITS.interiorAxis);
        rail.yaw = wrapDegrees(rail.yaw + deltaYaw);
        rail.pitch = clamp(rail.pitch + deltaPitch, CAMERA_LIMITS.interiorPitch);
      },
      GetCraneValues: () => ({
        'Crane Yaw': cam().crane.yaw,
        'Crane Pitch': cam().crane.pitch,
        'Crane Arm Length': cam().crane.distance,
      }),
      GetInteriorCameraPosition: () => {
        const rail = cam().rail;
        return { X: rail.x, Y: rail.y, Z: rail.z, Yaw: rail.yaw, Pitch: rail.pitch };
      },
      updateViewPortInteraction: ({ isHolding }: { isHolding: boolean }) => {
        this.state.render.interactive = isHolding;
      },
      CameraInteriorYaw: ({ Value }: { Value: number }) => this.setInterior({ Yaw: Value }),
      CameraInteriorPitch: ({ Value }: { Value: number }) => this.setInterior({ Pitch: Value }),
      CameraInteriorX: ({ Value }: { Value: number }) => this.setInterior({ X: Value }),
      CameraInteriorY: ({ Value }: { Value: number }) => this.setInterior({ Y: Value }),
      CameraInteriorZ: ({ Value }: { Value: number }) => this.setInterior({ Z: Value }),
    };
  }

  private switchPosition(position: 'Exterior' | 'Interior'): void {
    this.viewMode = 'camera';
    this.state.camera.spot = position;
    this.state.camera.focalLength = position === 'Exterior' ? CAMERA_FOCAL_LENGTH.Exterior : CAMERA_FOCAL_LENGTH.other;
  }

  private setCompositionGuide(name: string): void {
    const guide = COMPOSITION_GUIDES.find((g) => g.toLowerCase() === name.toLowerCase());
    if (!guide)
      throw new EngineError(`Unknown composition guide ${name}; options are ${COMPOSITION_GUIDES.join(', ')}`);
    this.state.camera.compositionGuide = guide;
  }

  /** What is not given stays as it is. */
  private setBokeh({ Size, Shape }: { Size?: number; Shape?: string }): void {
    const bokeh = this.state.camera.bokeh;
    let shape = bokeh.shape;
    if (Shape !== undefined) {
      const offered = BOKEH_SHAPES.find((s) => s.toLowerCase() === Shape.toLowerCase());
      if (!offered) throw new EngineError(`Unknown bokeh shape ${Shape}; options are ${BOKEH_SHAPES.join(', ')}`);
      shape = offered;
    }
    this.state.camera.bokeh = { size: Size ?? bokeh.size, shape };
  }

  /** Absolute rail values: X, Y, Z stay in 0–1, pitch is clamped, yaw wraps. */
  private setInterior(values: { X?: number; Y?: number; Z?: number; Yaw?: number; Pitch?: number }): void {
    const rail = this.state.camera.rail;
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
    const image = await this.options.renderer.still(options);
    const folder = path.join(this.options.dataDir, 'renders');
    await mkdir(folder, { recursive: true });
    this.renders += 1;
    const file = path.join(folder, `render-${Date.now()}-${this.renders}.${options.format}`);
    await writeFile(file, image);
    return { path: path.relative(this.options.dataDir, file).split(path.sep).join('/'), image };
  }

  // ---- post-process ----

  private postProcessHandlers() {
    return {
      GetPostProcessLite: () => ({ ...this.state.postProcess }),
      ResetPostProcessLite: () => {
        this.state.postProcess = defaultPostProcess();
      },
      PostProcessLite: (values: PostProcessValues) => {
        if (Object.keys(values).length === 0) throw new EngineError('PostProcessLite: no value given');
        this.setPostProcess(values);
      },
    };
  }

  /** Values by their setter names; a partial Gain keeps the components not given. */
  private setPostProcess(values: PostProcessValues): void {
    const post = this.state.postProcess;
    for (const name of POST_PROCESS_PARAMETERS) {
      if (name === 'Gain') {
        if (values.Gain) post.GainOut = { ...post.GainOut, ...values.Gain };
      } else {
        const value = values[name];
        if (value !== undefined) post[POST_PROCESS_OUT_NAMES[name]] = value;
      }
    }
  }

  // ---- lights ----

  private lightHandlers() {
    const create = (type: CustomLight['type']) => () => ({ ID: this.createLight(type) });
    return {
      CreatePointLightAPI: create('point'),
      CreateRectLightAPI: create('rect'),
      CreateSpotLightAPI: create('spot'),
      UpdateLightSettings: (settings: LightSettings & { ID: number }) =>
        this.updateLight(this.light(settings.ID), settings),
      UpdateLightMovementData: (movement: Partial<LightMovement> & { ID: number }) =>
        this.moveLight(this.light(movement.ID), movement),
      RemoveLight: ({ ID }: { ID: number }) => {
        const light = this.light(ID);
        const index = this.state.customLights.indexOf(light);
        this.state.customLights.splice(index, 1);
        this.lightMovement.delete(ID);
        const lights = this.state.customLights;
        const next = lights[index] ?? lights[index - 1];
        return { ID, LightType: light.type, NextLight: next ? next.id : -1 };
      },
      GetAllLightData: () => ({ Lights: this.state.customLights.map((l) => this.lightData(l)) }),
      GetLightInfoAPI: ({ ID }: { ID: number }) => this.lightData(this.light(ID)),
      GetCustomEnvironmentalLightInfo: () => ({ Lights: this.state.customLights.map((l) => this.lightData(l)) }),
    };
  }

  /** Creates a light with the next free ID. */
  private createLight(type: CustomLight['type']): number {
    const light = this.addLight(type, this.nextLightId);
    this.nextLightId += 1;
    return light.id;
  }

  /** A light of a known type (either case) with the defaults; any other type is the spec's "Invalid light type". */
  private addLight(type: string, id: number): CustomLight {
    const known = LIGHT_TYPES.find((t) => t === type.toLowerCase());
    if (!known) throw new EngineError(STATE_MESSAGES.invalidLightType);
    const c = LIGHT_DEFAULTS.LightColor;
    const light: CustomLight = {
      id,
      type: known,
      color: { r: c.R, g: c.G, b: c.B },
      intensity: LIGHT_DEFAULTS.Intensity,
      attenuationRadius: LIGHT_DEFAULTS.AttenuationRadius,
      position: { x: 0, y: 0, z: 0 },
      rotation: { yaw: 0, pitch: 0 },
      sourceRadius: 0,
      sourceLength: 0,
      softRadius: 0,
      innerAngle: 0,
      outerAngle: 44,
      width: 64,
      height: 64,
      barnAngle: 88,
      barnLength: 20,
    };
    const movement: LightMovement = { Yaw: 45, Pitch: 30, Radius: 400, X: 0, Y: 0, Z: 0 };
    place(light, movement);
    this.lightMovement.set(id, movement);
    this.state.customLights.push(light);
    return light;
  }

  /** A LightType other than the light's own is the spec's "Invalid light type". */
  private updateLight(light: CustomLight, settings: LightSettings): void {
    if (settings.LightType !== undefined && settings.LightType.toLowerCase() !== light.type) {
      throw new EngineError(STATE_MESSAGES.invalidLightType);
    }
    const c = settings.LightColor;
    if (c) light.color = { r: c.R ?? light.color.r, g: c.G ?? light.color.g, b: c.B ?? light.color.b };
    const numbers: [keyof LightSettings, keyof CustomLight][] = [
      ['Intensity', 'intensity'],
      ['AttenuationRadius', 'attenuationRadius'],
      ['SourceRadius', 'sourceRadius'],
      ['SourceLength', 'sourceLength'],
      ['SoftRadius', 'softRadius'],
      ['InnerAngle', 'innerAngle'],
      ['OutterAngle', 'outerAngle'],
      ['Width', 'width'],
      ['Height', 'height'],
      ['BarnAngle', 'barnAngle'],
      ['BarnLegth', 'barnLength'],
    ];
    const target = light as unknown as Record<string, number>;
    for (const [from, to] of numbers) {
      const v = settings[from];
      if (typeof v === 'number') target[to] = v;
    }
  }

  /** What is not given keeps the light's current orbit. */
  private moveLight(light: CustomLight, movement: Partial<LightMovement>): void {
    const next = { ...this.movementOf(light.id) };
    for (const key of ['Yaw', 'Pitch', 'Radius', 'X', 'Y', 'Z'] as const) {
      const v = movement[key];
      if (v !== undefined) next[key] = v;
    }
    this.lightMovement.set(light.id, next);
    place(light, next);
  }

  /** The configuration's lights replace every custom light, with their own IDs; the next new light follows them. */
  private replaceLights(lights: CustomLightConfig[]): void {
    const ids = lights.map((l) => l.ID);
    const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
    if (repeated !== undefined) throw new EngineError(`Light ID ${repeated} is given more than once`);
    this.state.customLights = [];
    this.lightMovement.clear();
    for (const data of lights) {
      const light = this.addLight(data.LightType, data.ID);
      this.updateLight(light, data);
      this.moveLight(light, data);
    }
    this.nextLightId = Math.max(-1, ...ids) + 1;
  }

  private movementOf(id: number): LightMovement {
    return this.lightMovement.get(id) ?? { Yaw: 0, Pitch: 0, Radius: 0, X: 0, Y: 0, Z: 0 };
  }

  private sequenceAt(path: string): Sequence {
    const sequence = this.sequences.get(path);
    if (!sequence) throw new EngineError(`No sequence at ${path}`);
    return sequence;
  }

  private light(id: number): CustomLight {
    const light = this.state.customLights.find((l) => l.id === id);
    if (!light) throw new EngineError(`No light with ID ${id}`);
    return light;
  }

  private lightData(light: CustomLight): LightData {
    const m = this.movementOf(light.id);
    return {
      ID: light.id,
      LightType: light.type,
      LightColor: { R: light.color.r, G: light.color.g, B: light.color.b, A: LIGHT_DEFAULTS.LightColor.A },
      Intensity: light.intensity,
      AttenuationRadius: light.attenuationRadius,
      SourceRadius: light.sourceRadius,
      SourceLength: light.sourceLength,
      SoftRadius: light.softRadius,
      InnerAngle: light.innerAngle,
      OutterAngle: light.outerAngle,
      Width: light.width,
      Height: light.height,
      BarnAngle: light.barnAngle,
      BarnLegth: light.barnLength,
      ...m,
    };
  }

  // ---- sequences ----

  private pathOf(given: string): string {
    const wanted = given.toLowerCase();
    const found = [...this.sequences.keys()].find((p) => p.toLowerCase() === wanted);
    if (!found) throw new EngineError(`No sequence at ${given}`);
    return found;
  }

  private sequence(given: string): Sequence {
    return this.sequenceAt(this.pathOf(given));
  }

  private requireCurrentSequence(): Sequence {
    if (!this.currentSequence) throw new EngineError('No sequence selected: call PlaySequenceWithPath first');
    return this.sequenceAt(this.currentSequence);
  }

  /** Plays at 24 fps: the crane follows the keyframes and the flag drops at the end. */
  private startPlayback(): void {
    const sequence = this.requireCurrentSequence();
    this.stopPlayback();
    const duration = sequence.keyframes.at(-1)?.time ?? 0;
    if (sequence.position >= duration) sequence.position = 0;
    this.playing = true;
    let last = Date.now();
    this.playTimer = setInterval(() => {
      const now = Date.now();
      sequence.position = Math.min(duration, sequence.position + (now - last) / 1000);
      last = now;
      this.poseAt(sequence);
      void this.options.renderer.apply(this.state).catch(() => undefined);
      if (sequence.position >= duration) this.stopPlayback();
    }, 1000 / TIMELINE_FPS);
    this.playTimer.unref();
  }

  private stopPlayback(): void {
    if (this.playTimer) clearInterval(this.playTimer);
    this.playTimer = null;
    this.playing = false;
  }

  /** Puts the crane where the sequence is, interpolating between keyframes. */
  private poseAt(sequence: Sequence): void {
    const frames = sequence.keyframes;
    if (frames.length === 0) return;
    const t = sequence.position;
    const after = frames.findIndex((k) => k.time >= t);
    const b = frames[after === -1 ? frames.length - 1 : after];
    if (!b) return;
    const a = (after > 0 ? frames[after - 1] : undefined) ?? b;
    const f = b.time === a.time ? 1 : (t - a.time) / (b.time - a.time);
    const crane = this.state.camera.crane;
    const mix = (x: number | undefined, y: number | undefined, current: number) =>
      x === undefined || y === undefined ? (y ?? x ?? current) : x + (y - x) * f;
    crane.yaw = mix(a.yaw, b.yaw, crane.yaw);
    crane.pitch = clamp(mix(a.pitch, b.pitch, crane.pitch), CAMERA_LIMITS.cranePitch);
    crane.distance = clamp(mix(a.distance, b.distance, crane.distance), CAMERA_LIMITS.craneDistance);
  }
}

/** Runs a configuration's section when it is given; a refusal says which section it came from. */
function section<T>(name: string, value: T | undefined, apply: (value: T) => void): void {
  if (value === undefined) return;
  try {
    apply(value);
  } catch (error) {
    if (error instanceof EngineError) throw new EngineError(`Settings.${name}: ${error.message}`, error.status);
    throw error;
  }
}

const sequencePath = (name: string) => `/Game/Autostudio/Sequences/${name}.${name}`;

const sortKeyframes = (keyframes: Sequence['keyframes']) => [...keyframes].sort((a, b) => a.time - b.time);

function wrapDegrees(value: number): number {
  const wrapped = ((value % 360) + 360) % 360;
  return wrapped > 180 ? wrapped - 360 : wrapped;
}

/** Orbit position: Radius cm from (X, Y, Z) at Yaw and Pitch, facing the centre. Unreal axes: Z up. */
function place(light: CustomLight, m: LightMovement): void {
  const yaw = (m.Yaw * Math.PI) / 180;
  const pitch = (m.Pitch * Math.PI) / 180;
  light.position = {
    x: m.X + m.Radius * Math.cos(pitch) * Math.cos(yaw),
    y: m.Y + m.Radius * Math.cos(pitch) * Math.sin(yaw),
    z: m.Z + m.Radius * Math.sin(pitch),
  };
  light.rotation = { yaw: wrapDegrees(m.Yaw + 180), pitch: -m.Pitch };
}
