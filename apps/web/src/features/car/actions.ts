import { DELAYS, DOOR_RANGE, type CarLightName } from '@autostudio/protocol';
import {
  applyReadBack,
  defineEngineAction,
  editMark,
  keyedActions,
  readCar,
  useEngineStore,
  type EngineSettings,
} from '@/lib/engine';
import type { RemoteApi } from '@/lib/remote-control/remote-api';

const TRIM_KEY = 'car.trim';

/** After a trim switch: the trim decides which paints and lamps there are, so they are read back. */
async function readBackCar(api: RemoteApi): Promise<void> {
  const mark = editMark();
  const car = await readCar(api);
  const store = useEngineStore.getState();
  if (store.api !== api) return;
  applyReadBack(mark, car.settings, TRIM_KEY);
  store.updateOptions({ paints: car.paints, swatches: car.swatches });
}

/** Spec §4: changing the trim clears the configure values; the doors shut on the engine too, so both agree. */
const closedDoors = (values: Record<string, number>) =>
  Object.fromEntries(Object.keys(values).map((name) => [name, DOOR_RANGE.min]));

export const trimAction = defineEngineAction<string>({
  key: TRIM_KEY,
  read: (s) => s.Trim,
  write: (s, Trim) => ({ ...s, Trim, ConfigureValues: closedDoors(s.ConfigureValues) }),
  delayMs: DELAYS.trimPaintLoadingDelayMs,
  send: async (api, trim) => {
    await api.call('Update Car Material', { MaterialToSet: trim });
    const { Values } = await api.call('GetConfigureValues');
    const open = Object.entries(Values).filter(([, value]) => value !== DOOR_RANGE.min);
    await Promise.all(open.map(([Name]) => api.call('UpdateConfigureValue', { Name, Value: DOOR_RANGE.min })));
  },
  after: readBackCar,
  failure: 'log',
});

export const paintAction = defineEngineAction<string>({
  key: 'car.paint',
  read: (s) => s.Paint,
  write: (s, Paint) => ({ ...s, Paint }),
  delayMs: DELAYS.trimPaintLoadingDelayMs,
  send: (api, paint) => api.call('Update Car Material', { MaterialToSet: paint }),
  failure: 'log',
});

/** A door (DOOR_FL…DOOR_RR), 0 shut to 50 open; sent once the slider rests for 300 ms (spec §9). */
export const doorAction = keyedActions<number>((name) => ({
  key: `car.door.${name}`,
  read: (s) => s.ConfigureValues[name] ?? DOOR_RANGE.min,
  write: (s, value) => ({ ...s, ConfigureValues: { ...s.ConfigureValues, [name]: value } }),
  delayMs: DELAYS.configureValuesDebounceMs,
  send: (api, Value) => api.call('UpdateConfigureValue', { Name: name, Value }),
  failure: 'log',
}));

export type Lamp = EngineSettings['Lights'][string];
/** One object, so that a store selector reading a missing lamp answers the same thing every time. */
const LAMP_OFF: Lamp = { OnOff: false, Intensity: 1 };

/** A lamp group on or off at an intensity. */
export const lampAction = keyedActions<Lamp>((name) => ({
  key: `car.lamp.${name}`,
  read: (s) => s.Lights[name] ?? LAMP_OFF,
  write: (s, lamp) => ({ ...s, Lights: { ...s.Lights, [name]: lamp } }),
  send: (api, { OnOff, Intensity }) => api.call('CarLightTurnOnOff', { LightName: name, OnOff, Intensity }),
  failure: 'log',
}));

/** How the panel names the lamp groups (spec §3 gives each a label). */
export const LAMP_LABELS: Record<string, string> = {
  HeadLamps1: 'Headlamps',
  TailLamps1: 'Tail lamps',
  DRLs: 'Daytime running lights',
  SignatureLEDs: 'Signature LEDs',
} satisfies Record<CarLightName, string>;

export const DOOR_LABELS: Record<string, string> = {
  DOOR_FL: 'Front left',
  DOOR_FR: 'Front right',
  DOOR_RL: 'Rear left',
  DOOR_RR: 'Rear right',
};
