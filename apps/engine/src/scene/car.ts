import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  CAR_LIGHT_NAMES,
  CAR_MODEL_FILES,
  DOOR_RANGE,
  type CAR_FUNCTIONS,
  type EngineHandlersOf,
} from '@autostudio/protocol';
import { DOORS, PAINTS, TRIMS, paintKey } from '../contract/car-catalogue.js';
import type { ModelParts } from '../contract/renderer.js';
import type { ModelManifest } from '../contract/model-paints.js';
import type { SceneState } from '../contract/scene-state.js';
import { EngineError } from './engine-error.js';
import { initialSceneState } from './initial-state.js';
import type { ModelDownloader } from './model-download.js';
import { readModelFacts } from './model-manifest.js';
import { builtInParts, clamp, type SceneCore } from './scene-core.js';

type Lamps = Record<string, { on: boolean; intensity: number }>;
type CarState = SceneState['car'];

/** The car and its state manager: trims, paints, lamps, doors, and loading a downloaded model. */
export class Car {
  constructor(
    private readonly scene: SceneCore,
    private readonly downloader: ModelDownloader,
  ) {}

  readonly handlers: EngineHandlersOf<typeof CAR_FUNCTIONS> = {
    GetCarOptions: () => ({ options: this.trimNames(), curentIndex: this.trimNames().indexOf(this.car.trim) }),
    'Get Material Options': () => {
      const offered = this.paintsOf(this.car.trim);
      return {
        Current: this.scene.parts.hasPaint ? this.car.paint : '',
        MaterialOptions: offered,
        Swatches: Object.fromEntries(
          this.palette()
            .filter((p) => offered.includes(p.key))
            .map((p) => [p.key, p.color]),
        ),
      };
    },
    'Get Trim Paint Option': () => ({
      current: this.car.trim,
      paintOptions: Object.fromEntries(this.trimNames().map((trim) => [trim, this.paintsOf(trim)])),
    }),
    'Update Car Material': ({ MaterialToSet }) => {
      const trim = this.findTrim(MaterialToSet);
      if (trim) this.switchTrim(trim);
      else this.setPaint(MaterialToSet);
    },
    CarLightTurnOnOff: ({ LightName, OnOff, Intensity }) => this.turnLamp(LightName, OnOff, Intensity),
    GetCarLights: () => ({ Lights: this.lampStates() }),
    LoadCarByPath: ({ Path }) => this.loadCar(Path),
    'Download File': ({ Url }) => this.downloader.start(Url),
    'Get Download Status': () => ({ ...this.downloader.current() }),
    // The renderer holds the car as the last applied state shows it: the file is what the viewport shows.
    ExportCarModel: async ({ Format }) => ({
      MimeType: CAR_MODEL_FILES[Format].contentType,
      Data: (await this.scene.renderer.exportCar(Format)).toString('base64'),
    }),
    UpdateConfigureValue: ({ Name, Value }) => ({ Value: this.setConfigureValue(Name, Value) }),
    GetConfigureValues: () => ({ Values: this.configureValues() }),
  };

  /** The lamps the car has now, each on or off at an intensity. */
  lampStates(): Record<string, { OnOff: boolean; Intensity: number }> {
    const lamps = this.car.lamps as Lamps;
    return Object.fromEntries(
      this.lampsNow().map((name) => {
        const lamp = lamps[name] ?? { on: false, intensity: 1 };
        return [name, { OnOff: lamp.on, Intensity: lamp.intensity }];
      }),
    );
  }

  /** The doors the car has, by name. */
  configureValues(): Record<string, number> {
    return Object.fromEntries(
      DOORS.filter((d) => this.scene.parts.doors.includes(d)).map((d) => [d, this.car.doors[d]]),
    );
  }

  private get car() {
    return this.scene.state.car;
  }

  trimNames(): string[] {
    return this.scene.parts.trims;
  }

  findTrim(name: string): string | undefined {
    const wanted = name.toLowerCase();
    return this.trimNames().find((t) => t.toLowerCase() === wanted);
  }

  /** Keeps the paint if the trim offers it, otherwise takes the trim's first; lamps the trim lacks go off. */
  switchTrim(trim: string, car: CarState = this.car): void {
    car.trim = trim;
    const offered = this.paintsOf(trim);
    if (offered.length > 0 && !offered.includes(car.paint)) car.paint = offered[0] ?? car.paint;
    this.turnOffMissingLamps(car);
  }

  setPaint(name: string, car: CarState = this.car): void {
    if (!this.scene.parts.hasPaint) throw new EngineError('The loaded car model has no Paint material');
    const key = paintKey(name);
    if (!this.palette().some((p) => p.key === key)) throw new EngineError(`Unknown material ${name}`);
    if (!this.paintsOf(car.trim).includes(key)) {
      throw new EngineError(`The paint ${name} is not offered on the ${car.trim} trim`);
    }
    car.paint = key;
  }

  /**
   * The scene in another trim and paint, as Update New Config would make it, refused as it would refuse it; the scene
   * itself is untouched. Each image of a variant matrix is drawn from one.
   */
  variantOf(base: SceneState, trimName: string, paint: string): SceneState {
    const trim = this.findTrim(trimName);
    if (!trim) throw new EngineError(`Unknown trim ${trimName}; the car has ${this.trimNames().join(', ')}`);
    const state = structuredClone(base);
    this.switchTrim(trim, state.car);
    this.setPaint(paint, state.car);
    return state;
  }

  turnLamp(lightName: string, on: boolean, intensity?: number): void {
    const lamps = this.car.lamps as Lamps;
    const name = Object.keys(lamps).find((l) => l.toLowerCase() === lightName.toLowerCase());
    if (!name) throw new EngineError(`Unknown light ${lightName}; the car has ${CAR_LIGHT_NAMES.join(', ')}`);
    if (!this.lampsNow().includes(name)) {
      const trim = this.car.trim;
      const where =
        this.car.modelPath === null
          ? `the ${trim} trim`
          : trim
            ? `the ${trim} trim of the loaded car model`
            : 'the loaded car model';
      throw new EngineError(`${name} is not available on ${where}`);
    }
    const lamp = lamps[name] ?? { on: false, intensity: 1 };
    lamps[name] = { on, intensity: intensity ?? lamp.intensity };
  }

  /** Answers the value applied: doors clamp to 0–50. */
  setConfigureValue(name: string, value: number): number {
    const door = DOORS.find((d) => d === name.toUpperCase());
    if (!door) throw new EngineError(`Unknown configure value ${name}; the configure values are ${DOORS.join(', ')}`);
    if (!this.scene.parts.doors.includes(door)) throw new EngineError(`The loaded car model has no door ${door}`);
    const applied = clamp(value, DOOR_RANGE);
    this.car.doors[door] = applied;
    return applied;
  }

  /** The paints the car may wear, by key: a loaded model's own (its manifest), else the built-in palette. */
  private palette(): { key: string; color: string }[] {
    const own = this.car.modelPath === null ? undefined : this.scene.parts.paints;
    return own
      ? own.map((p) => ({ key: paintKey(p.name), color: p.baseColor }))
      : PAINTS.map((p) => ({ key: paintKey(p.name), color: p.color }));
  }

  /**
   * Paint keys offered on a trim: the built-in car's list; for a loaded model with a Paint material, the paints its
   * manifest gives the trim, else every paint of its palette.
   */
  private paintsOf(trim: string): string[] {
    if (!this.scene.parts.hasPaint) return [];
    if (this.car.modelPath === null) return TRIMS.find((t) => t.name === trim)?.paints ?? [];
    return this.scene.parts.paintsByTrim?.[trim] ?? this.palette().map((p) => p.key);
  }

  /** Lamps the car has now: the built-in car's trim decides; a loaded model offers what its trim names. */
  private lampsNow(car: CarState = this.car): string[] {
    if (car.modelPath === null) return TRIMS.find((t) => t.name === car.trim)?.lamps ?? [];
    return this.scene.parts.lampsByTrim?.[car.trim] ?? this.scene.parts.lamps;
  }

  private turnOffMissingLamps(car: CarState = this.car): void {
    const lamps = car.lamps as Lamps;
    for (const [name, lamp] of Object.entries(lamps)) if (!this.lampsNow(car).includes(name)) lamp.on = false;
  }

  private async loadCar(relative: string): Promise<void> {
    const scene = this.scene;
    if (relative === '') {
      scene.parts = builtInParts();
      scene.state.car = initialSceneState(scene.state.viewport).car;
      return;
    }
    const root = path.resolve(scene.dataDir);
    const file = path.resolve(root, relative);
    if (!file.startsWith(root + path.sep))
      throw new EngineError(`LoadCarByPath: ${relative} is outside the engine's folder`);
    if (!/\.(glb|gltf)$/i.test(file)) throw new EngineError('LoadCarByPath: the model must be a .glb or .gltf file');
    const found = await stat(file).catch(() => null);
    if (!found?.isFile()) throw new EngineError(`LoadCarByPath: no model at ${relative}`);
    // A bad manifest refuses the load here, before the renderer or the state has changed.
    const { manifest } = await readModelFacts(file);
    let parts: ModelParts;
    try {
      parts = await scene.renderer.loadModel(file, manifest?.paints);
    } catch (error) {
      throw new EngineError(
        `LoadCarByPath: the model could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    scene.parts = manifest ? { ...parts, ...ownPaints(manifest) } : parts;
    const car = this.car;
    car.modelPath = path.relative(root, file).split(path.sep).join('/');
    car.trim = parts.trims[0] ?? '';
    if (parts.hasPaint && !this.paintsOf(car.trim).includes(car.paint)) {
      car.paint = this.paintsOf(car.trim)[0] ?? car.paint;
    }
    car.doors = { DOOR_FL: 0, DOOR_FR: 0, DOOR_RL: 0, DOOR_RR: 0 };
    this.turnOffMissingLamps();
  }
}

/** The scene's record of a model's own paints: the paints, and each named trim's by key. */
function ownPaints(manifest: ModelManifest): Pick<ModelParts, 'paints' | 'paintsByTrim'> {
  return {
    paints: manifest.paints,
    ...(manifest.trims
      ? {
          paintsByTrim: Object.fromEntries(
            Object.entries(manifest.trims).map(([trim, names]) => [trim, names.map((name) => paintKey(name))]),
          ),
        }
      : {}),
  };
}
