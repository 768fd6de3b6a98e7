import type { SavedConfigSettings } from './saved-config.js';

/** One choice of a configuration as a customer reads it: "Paint", "Glacier White". */
export interface ConfigOption {
  /** Stable across configurations, so that two can be lined up option by option. */
  key: string;
  label: string;
  value: string;
}

/** "glacier white" → "Glacier White": the engine names paints and lamps in lower case. */
const titled = (text: string) => text.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
/** "/Game/Environments/Desert_Road" → "Desert Road". */
const lastPart = (path: string) => titled(path.split('/').filter(Boolean).at(-1)?.replace(/[_-]+/g, ' ') ?? path);
const DOOR_NAMES: Record<string, string> = {
  DOOR_FL: 'front left',
  DOOR_FR: 'front right',
  DOOR_RL: 'rear left',
  DOOR_RR: 'rear right',
};

/** The doors a configuration has open, as a sentence names them ("front left"): the option rows and the 3D export. */
export function openDoors(configureValues: Record<string, number>): string[] {
  return Object.entries(configureValues).flatMap(([name, value]) => {
    const door = DOOR_NAMES[name];
    return door !== undefined && value > 0 ? [door] : [];
  });
}

/**
 * The choices a configuration holds that change what the car and its picture look like, in the order a customer
 * reads them, each in words rather than engine values. What a configuration does not hold is left out: a row only
 * says what was chosen. Shared by the compare view and the public share page.
 */
export function configOptions(settings: SavedConfigSettings): ConfigOption[] {
  const { app, carConfig = {}, scene = {}, camera = {}, postProcess = {} } = settings;
  const options: ConfigOption[] = [];
  const add = (key: string, label: string, value: string | undefined) => {
    if (value !== undefined && value !== '') options.push({ key, label, value });
  };
  const product = app?.product;
  add('car', 'Car', typeof product?.['name'] === 'string' ? product['name'] : undefined);
  add('trim', 'Trim', carConfig.trim);
  add('paint', 'Paint', carConfig.paint && titled(carConfig.paint));
  if (carConfig.configureValues) {
    const open = openDoors(carConfig.configureValues);
    add('doors', 'Doors', open.length === 0 ? 'Closed' : `Open: ${open.join(', ')}`);
  }
  if (carConfig.lights) {
    const on = Object.entries(carConfig.lights)
      .filter(([, lamp]) => lamp.on)
      .map(([name]) => titled(name));
    add('lamps', 'Lamps', on.length === 0 ? 'Off' : on.join(', '));
  }
  add('environment', 'Environment', scene.currentEnvironment ? lastPart(scene.currentEnvironment) : undefined);
  add('timeOfDay', 'Time of day', scene.timeOfDay);
  add('sun', 'Sun direction', scene.sunDirection === undefined ? undefined : `${Math.round(scene.sunDirection)}°`);
  add(
    'backplate',
    'Backplate',
    scene.backplateEnabled === undefined ? undefined : scene.backplateEnabled ? 'On' : 'Off',
  );
  add('view', 'Camera', scene.cameraSpot);
  add('lens', 'Lens', camera.focalLength === undefined ? undefined : `${Math.round(camera.focalLength)} mm`);
  add('aperture', 'Aperture', camera.aperture === undefined ? undefined : `f/${camera.aperture}`);
  add('toneMapper', 'Tone mapping', postProcess.toneMapper);
  const exposure = postProcess.params?.ExposureCompensationOut;
  add('exposure', 'Exposure', exposure === undefined ? undefined : `${exposure > 0 ? '+' : ''}${exposure} EV`);
  const lights = settings.customEnvironmentalLights?.length ?? 0;
  if (settings.customEnvironmentalLights) add('lights', 'Studio lights', lights === 0 ? 'None' : String(lights));
  return options;
}
