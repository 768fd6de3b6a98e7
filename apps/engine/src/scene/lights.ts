import {
  LIGHT_DEFAULTS,
  LIGHT_TYPES,
  STATE_MESSAGES,
  type EngineConfigSettings,
  type EngineHandlersOf,
  type LIGHT_FUNCTIONS,
  type LightData,
} from '@autostudio/protocol';
import type { CustomLight } from '../contract/scene-state.js';
import { EngineError } from './engine-error.js';
import { wrapDegrees, type SceneCore } from './scene-core.js';

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

/** The light manager's own bookkeeping beside the scene state: each light's orbit and the next free ID. */
export interface LightBookkeeping {
  movement: Map<number, LightMovement>;
  nextId: number;
}

/** The custom point, rect and spot lights: created, shaped, placed on an orbit around a point, removed. */
export class Lights {
  private movement = new Map<number, LightMovement>();
  private nextId = 0;

  constructor(private readonly scene: SceneCore) {}

  readonly handlers: EngineHandlersOf<typeof LIGHT_FUNCTIONS> = {
    CreatePointLightAPI: () => ({ ID: this.create('point') }),
    CreateRectLightAPI: () => ({ ID: this.create('rect') }),
    CreateSpotLightAPI: () => ({ ID: this.create('spot') }),
    UpdateLightSettings: (settings) => this.update(this.light(settings.ID), settings),
    UpdateLightMovementData: (movement) => this.move(this.light(movement.ID), movement),
    RemoveLight: ({ ID }) => {
      const light = this.light(ID);
      const lights = this.scene.state.customLights;
      const index = lights.indexOf(light);
      lights.splice(index, 1);
      this.movement.delete(ID);
      const next = lights[index] ?? lights[index - 1];
      return { ID, LightType: light.type, NextLight: next ? next.id : -1 };
    },
    GetAllLightData: () => ({ Lights: this.all() }),
    GetLightInfoAPI: ({ ID }) => this.data(this.light(ID)),
    GetCustomEnvironmentalLightInfo: () => ({ Lights: this.all() }),
  };

  /** Every custom light as the light getters report it. */
  all(): LightData[] {
    return this.scene.state.customLights.map((l) => this.data(l));
  }

  /** For the scene's all-or-nothing calls: the bookkeeping a restore puts back with the state. */
  snapshot(): LightBookkeeping {
    return { movement: structuredClone(this.movement), nextId: this.nextId };
  }

  restore(snapshot: LightBookkeeping): void {
    this.movement = snapshot.movement;
    this.nextId = snapshot.nextId;
  }

  reset(): void {
    this.movement.clear();
    this.nextId = 0;
  }

  /** The configuration's lights replace every custom light, with their own IDs; the next new light follows them. */
  replace(lights: CustomLightConfig[]): void {
    const ids = lights.map((l) => l.ID);
    const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
    if (repeated !== undefined) throw new EngineError(`Light ID ${repeated} is given more than once`);
    this.scene.state.customLights = [];
    this.movement.clear();
    for (const data of lights) {
      const light = this.add(data.LightType, data.ID);
      this.update(light, data);
      this.move(light, data);
    }
    this.nextId = Math.max(-1, ...ids) + 1;
  }

  /** Creates a light with the next free ID. */
  private create(type: CustomLight['type']): number {
    const light = this.add(type, this.nextId);
    this.nextId += 1;
    return light.id;
  }

  /** A light of a known type (either case) with the defaults; any other type is the spec's "Invalid light type". */
  private add(type: string, id: number): CustomLight {
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
    this.movement.set(id, movement);
    this.scene.state.customLights.push(light);
    return light;
  }

  /** A LightType other than the light's own is the spec's "Invalid light type". */
  private update(light: CustomLight, settings: LightSettings): void {
    if (settings.LightType !== undefined && settings.LightType.toLowerCase() !== light.type) {
      throw new EngineError(STATE_MESSAGES.invalidLightType);
    }
    const c = settings.LightColor;
    if (c) light.color = { r: c.R ?? light.color.r, g: c.G ?? light.color.g, b: c.B ?? light.color.b };
    for (const [from, to] of NUMBERS) {
      const v = settings[from];
      if (typeof v === 'number') light[to] = v;
    }
  }

  /** What is not given keeps the light's current orbit. */
  private move(light: CustomLight, movement: Partial<LightMovement>): void {
    const next = { ...this.movementOf(light.id) };
    for (const key of ['Yaw', 'Pitch', 'Radius', 'X', 'Y', 'Z'] as const) {
      const v = movement[key];
      if (v !== undefined) next[key] = v;
    }
    this.movement.set(light.id, next);
    place(light, next);
  }

  private movementOf(id: number): LightMovement {
    return this.movement.get(id) ?? { Yaw: 0, Pitch: 0, Radius: 0, X: 0, Y: 0, Z: 0 };
  }

  private light(id: number): CustomLight {
    const light = this.scene.state.customLights.find((l) => l.id === id);
    if (!light) throw new EngineError(`No light with ID ${id}`);
    return light;
  }

  private data(light: CustomLight): LightData {
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
}

/** The numeric light settings (the spec's spelling, OutterAngle and BarnLegth included) and the state field of each. */
const NUMBERS = [
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
] as const satisfies readonly (readonly [keyof LightSettings, keyof CustomLight])[];

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
