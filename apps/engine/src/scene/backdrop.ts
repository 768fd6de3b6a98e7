import {
  ENGINE_IMAGE_UNDECODABLE,
  SUN_AZIMUTH_RANGE,
  TIME_OF_DAY_OPTIONS,
  type ENVIRONMENT_FUNCTIONS,
  type EngineHandlersOf,
} from '@autostudio/protocol';
import { EngineError } from './engine-error.js';
import { ENVIRONMENT_OPTION_DEFAULTS, ENVIRONMENTS, findEnvironment } from './environments.js';
import type { SceneCore } from './scene-core.js';

/** What surrounds the car: the environment, its time of day and sun, the PCG scatter, the backplate and the HDRI. */
export class Backdrop {
  constructor(private readonly scene: SceneCore) {}

  readonly handlers: EngineHandlersOf<typeof ENVIRONMENT_FUNCTIONS> = {
    ImportandUpdateBackplate: async ({ Url }) => {
      const image = await this.scene.images.fetch(Url, {
        use: 'image',
        undecodable: ENGINE_IMAGE_UNDECODABLE.backplate,
      });
      this.environment.backplate = { enabled: true, imageUrl: image };
    },
    ImportandApplyCubemap: async ({ Url }) => {
      const image = await this.scene.images.fetch(Url, { use: 'equirect', undecodable: ENGINE_IMAGE_UNDECODABLE.hdri });
      this.environment.hdri.imageUrl = image;
    },
    ToggleBackplateSwitch: ({ Value }) => this.setBackplate(Value),
    'Get Time Of the Day Options': () => ({
      Current: this.environment.timeOfDay,
      TODOptions: [...TIME_OF_DAY_OPTIONS],
    }),
    'Set Time Of the Day': ({ Value }) => this.setTimeOfDay(Value),
    'Set Sun Azimuth Angle': ({ Value }) => this.setSunAzimuth(Value),
    GetEnvironmentOptions: () => ({
      Current: this.environment.name,
      Options: ENVIRONMENTS.map((env) => ({
        ...env,
        environmentConfigOptions: env.environmentConfigOptions.map((o) => ({
          ...o,
          value: this.environment.pcg[o.name] ?? o.value,
        })),
      })),
    }),
    LoadEnvironmentbyPath: ({ Path }) => this.loadEnvironment(Path),
    GetAllPCGOptions: () => ({ PCGOptions: { ...this.environment.pcg } }),
    SetPCG: (values) => {
      if (Object.keys(values).length === 0)
        throw new EngineError(`SetPCG: no option given (${Object.keys(ENVIRONMENT_OPTION_DEFAULTS).join(', ')})`);
      this.setPcg(values);
    },
  };

  private get environment() {
    return this.scene.state.environment;
  }

  setBackplate(on: boolean): void {
    if (on && !this.environment.backplate.imageUrl) {
      throw new EngineError('No backplate image: call ImportandUpdateBackplate first');
    }
    this.environment.backplate.enabled = on;
  }

  setTimeOfDay(value: string): void {
    const option = TIME_OF_DAY_OPTIONS.find((t) => t.toLowerCase() === value.toLowerCase());
    if (!option) throw new EngineError(`Unknown time of day ${value}; options are ${TIME_OF_DAY_OPTIONS.join(', ')}`);
    this.environment.timeOfDay = option;
  }

  /** Any angle, wrapped into the protocol's azimuth range (a drag past north comes round again). */
  setSunAzimuth(degrees: number): void {
    const { min, max } = SUN_AZIMUTH_RANGE;
    const span = max - min;
    this.environment.sunDirection = ((((degrees - min) % span) + span) % span) + min;
  }

  loadEnvironment(pathOrName: string): void {
    const env = findEnvironment(pathOrName);
    if (!env) throw new EngineError(`Unknown environment ${pathOrName}`);
    this.environment.name = env.name;
  }

  /** Environment options (scatter densities, the studio floor) by name, either case; an unknown one is refused. */
  setPcg(values: Record<string, number | undefined>): void {
    const names = Object.keys(ENVIRONMENT_OPTION_DEFAULTS);
    for (const [given, v] of Object.entries(values)) {
      if (v === undefined) continue;
      const name = names.find((n) => n.toLowerCase() === given.toLowerCase());
      if (!name) throw new EngineError(`Unknown environment option ${given}; options are ${names.join(', ')}`);
      this.environment.pcg[name] = v;
    }
  }
}
