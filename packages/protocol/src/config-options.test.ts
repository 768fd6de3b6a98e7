import { describe, expect, it } from 'vitest';
import { configOptions } from './config-options.js';

describe('a configuration’s options in words', () => {
  it('reads the choices in a customer’s order and words', () => {
    const options = configOptions({
      app: { product: { id: 'terra', name: 'Terra' } },
      carConfig: {
        trim: 'Terra Wilderness',
        paint: 'glacier white',
        configureValues: { DOOR_FL: 50, DOOR_FR: 0, DOOR_RL: 0, DOOR_RR: 20 },
        lights: { headlamps: { on: true, intensity: 1 }, 'tail lamps': { on: false } },
      },
      scene: { currentEnvironment: '/Game/Environments/Desert_Road', timeOfDay: 'Sunset', cameraSpot: 'Exterior' },
      camera: { focalLength: 45, aperture: 2.8 },
      postProcess: { toneMapper: 'AgX', params: { ExposureCompensationOut: 0.5 } },
      customEnvironmentalLights: [],
    });
    expect(options.map(({ label, value }) => [label, value])).toEqual([
      ['Car', 'Terra'],
      ['Trim', 'Terra Wilderness'],
      ['Paint', 'Glacier White'],
      ['Doors', 'Open: front left, rear right'],
      ['Lamps', 'Headlamps'],
      ['Environment', 'Desert Road'],
      ['Time of day', 'Sunset'],
      ['Camera', 'Exterior'],
      ['Lens', '45 mm'],
      ['Aperture', 'f/2.8'],
      ['Tone mapping', 'AgX'],
      ['Exposure', '+0.5 EV'],
      ['Studio lights', 'None'],
    ]);
  });

  it('says only what a configuration holds', () => {
    expect(configOptions({ carConfig: { paint: 'rallye red' } })).toEqual([
      { key: 'paint', label: 'Paint', value: 'Rallye Red' },
    ]);
    expect(configOptions({})).toEqual([]);
  });
});
