import {
  POST_PROCESS_OUT_NAMES,
  POST_PROCESS_PARAMETERS,
  type CONFIG_FUNCTIONS,
  type EngineConfigSettings,
  type EngineHandlersOf,
  type EnginePropertyName,
} from '@autostudio/protocol';
import { EngineError } from './engine-error.js';
import type { Backdrop } from './backdrop.js';
import type { Camera } from './camera.js';
import type { Car } from './car.js';
import type { Lights } from './lights.js';
import type { PostProcess } from './post-process.js';
import { readProperty, writeProperties } from './properties.js';
import type { SceneCore } from './scene-core.js';

/** The domains a configuration reaches, each through the same methods as its single functions. */
export interface ConfigDomains {
  car: Car;
  camera: Camera;
  backdrop: Backdrop;
  postProcess: PostProcess;
  lights: Lights;
}

/**
 * Update New Config: a saved configuration, section by section in a fixed order through the methods of the single
 * functions (a trim decides which paints and lamps the later sections may choose). A refusal anywhere puts
 * everything back (`allOrNothing`) and names its section; nothing has been drawn by then, as the scene draws once,
 * after the handler.
 */
export class ApplyConfig {
  constructor(
    private readonly scene: SceneCore,
    private readonly domains: ConfigDomains,
    private readonly allOrNothing: (work: () => void) => void,
  ) {}

  readonly handlers: EngineHandlersOf<typeof CONFIG_FUNCTIONS> = {
    'Update New Config': ({ Settings }) => this.allOrNothing(() => this.apply(Settings)),
    'Get Current Config': () => ({ Settings: this.current() }),
  };

  /** The dual of apply, read from the state the single getters read, so that both always agree. */
  private current(): EngineConfigSettings {
    const { car, lights } = this.domains;
    const { camera, environment, postProcess } = this.scene.state;
    const read = <Name extends EnginePropertyName>(name: Name) => readProperty(this.scene, name);
    return {
      Trim: this.scene.state.car.trim,
      ...(this.scene.parts.hasPaint ? { Paint: this.scene.state.car.paint } : {}),
      Lights: car.lampStates(),
      ConfigureValues: car.configureValues(),
      Camera: {
        Position: camera.spot,
        Crane: { Yaw: camera.crane.yaw, Pitch: camera.crane.pitch, ArmLength: camera.crane.distance },
        Interior: {
          X: camera.rail.x,
          Y: camera.rail.y,
          Z: camera.rail.z,
          Yaw: camera.rail.yaw,
          Pitch: camera.rail.pitch,
        },
        FocalLength: read('CurrentFocalLength'),
        Aperture: read('CurrentAperture'),
        FocusSettings: read('FocusSettings'),
        Bokeh: { Size: camera.bokeh.size, Shape: camera.bokeh.shape },
        CompositionGuide: camera.compositionGuide,
        CompositionOpacity: camera.compositionOpacity,
      },
      Environment: {
        Path: environment.name,
        TimeOfDay: environment.timeOfDay,
        SunAzimuth: environment.sunDirection,
        PCG: { ...environment.pcg },
        Backplate: environment.backplate.enabled,
        Hdr: {
          Intensity: read('HdrIntensity'),
          Size: read('HdrSize'),
          Yaw: read('HdrYaw'),
          GroundSize: read('HdrGroundSize'),
          Resolution: read('HdrResolution'),
          LightIntensity: read('HdrLightIntensity'),
          LightColor: read('HdrLightColor'),
        },
      },
      PostProcess: Object.fromEntries(
        POST_PROCESS_PARAMETERS.map((name) => [name, postProcess[POST_PROCESS_OUT_NAMES[name]]]),
      ),
      CustomLights: lights.all(),
    };
  }

  private apply(settings: EngineConfigSettings): void {
    const { car, postProcess, lights } = this.domains;
    section('Trim', settings.Trim, (name) => {
      const trim = car.findTrim(name);
      if (!trim) throw new EngineError(`Unknown trim ${name}; options are ${car.trimNames().join(', ') || 'none'}`);
      car.switchTrim(trim);
    });
    section('Paint', settings.Paint, (paint) => car.setPaint(paint));
    section('Lights', settings.Lights, (lamps) => {
      for (const [name, lamp] of Object.entries(lamps)) car.turnLamp(name, lamp.OnOff, lamp.Intensity);
    });
    section('ConfigureValues', settings.ConfigureValues, (values) => {
      for (const [name, value] of Object.entries(values)) car.setConfigureValue(name, value);
    });
    section('Camera', settings.Camera, (camera) => this.applyCamera(camera));
    section('Environment', settings.Environment, (environment) => this.applyEnvironment(environment));
    section('PostProcess', settings.PostProcess, (values) => postProcess.set(values));
    section('CustomLights', settings.CustomLights, (given) => lights.replace(given));
  }

  private applyCamera(camera: NonNullable<EngineConfigSettings['Camera']>): void {
    const rig = this.domains.camera;
    const state = this.scene.state;
    if (camera.Position) rig.switchPosition(camera.Position);
    const crane = camera.Crane ?? {};
    writeProperties(state, {
      CameraExteriorYaw: crane.Yaw,
      CameraExteriorPitch: crane.Pitch,
      CameraExteriorDistance: crane.ArmLength,
    });
    if (camera.Interior) rig.setInterior(camera.Interior);
    // After Position, which sets a focal length of its own.
    writeProperties(state, {
      CurrentFocalLength: camera.FocalLength,
      CurrentAperture: camera.Aperture,
      FocusSettings: camera.FocusSettings,
    });
    if (camera.Bokeh) rig.setBokeh(camera.Bokeh);
    if (camera.CompositionGuide !== undefined) rig.setCompositionGuide(camera.CompositionGuide);
    if (camera.CompositionOpacity !== undefined) state.camera.compositionOpacity = camera.CompositionOpacity;
  }

  private applyEnvironment(environment: NonNullable<EngineConfigSettings['Environment']>): void {
    const backdrop = this.domains.backdrop;
    if (environment.Path !== undefined) backdrop.loadEnvironment(environment.Path);
    if (environment.TimeOfDay !== undefined) backdrop.setTimeOfDay(environment.TimeOfDay);
    if (environment.SunAzimuth !== undefined) backdrop.setSunAzimuth(environment.SunAzimuth);
    if (environment.PCG) backdrop.setPcg(environment.PCG);
    if (environment.Backplate !== undefined) backdrop.setBackplate(environment.Backplate);
    // Hdr's fields are the backdrop's Hdr… properties without their prefix.
    const hdr = environment.Hdr ?? {};
    writeProperties(this.scene.state, {
      HdrIntensity: hdr.Intensity,
      HdrSize: hdr.Size,
      HdrYaw: hdr.Yaw,
      HdrGroundSize: hdr.GroundSize,
      HdrResolution: hdr.Resolution,
      HdrLightIntensity: hdr.LightIntensity,
      HdrLightColor: hdr.LightColor,
    });
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
