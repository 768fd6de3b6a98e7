import { FAILURE_TOASTS, STATE_MESSAGES } from '@autostudio/protocol';
import { toast } from '@/lib/toast';
import { spyOnToasts } from '@/test/toasts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteApi, type RemoteTransport } from '@/lib/remote-control/remote-api';
import { engineActionsIdle, fillSettings, runEngineAction, useEngineStore } from '@/lib/engine';
import {
  addLight,
  colorToHex,
  hexToColor,
  lightColor,
  lightField,
  lightName,
  lightPlacement,
  removeLight,
  selectLight,
} from './actions';

beforeEach(spyOnToasts);

type Light = {
  ID: number;
  LightType: string;
  Intensity: number;
  LightColor: { R: number; G: number; B: number; A: number };
};

/** A light manager like the engine's, as far as these actions see it: numbered lights, the next one after removal. */
function lightEngine() {
  const lights: Light[] = [];
  const calls: { functionName: string; parameters: Record<string, unknown> }[] = [];
  let nextId = 0;
  let refuse = false;
  const answer = (functionName: string, parameters: Record<string, unknown>): unknown => {
    if (functionName === 'Get Current Config') return { Settings: { CustomLights: structuredClone(lights) } };
    if (refuse) throw new Error('refused');
    const type = /^Create(Point|Rect|Spot)LightAPI$/.exec(functionName)?.[1];
    if (type) {
      lights.push({
        ID: nextId,
        LightType: type.toLowerCase(),
        Intensity: 8,
        LightColor: { R: 255, G: 255, B: 255, A: 255 },
      });
      return { ID: nextId++ };
    }
    if (functionName === 'RemoveLight') {
      const index = lights.findIndex((l) => l.ID === parameters.ID);
      const [removed] = lights.splice(index, 1);
      const next = lights[index] ?? lights[index - 1];
      return { ID: parameters.ID, LightType: removed?.LightType, NextLight: next ? next.ID : -1 };
    }
    return {};
  };
  const client: RemoteTransport = {
    call: <T>(_url: string, body?: unknown) => {
      const { functionName, parameters } = body as { functionName: string; parameters: Record<string, unknown> };
      calls.push({ functionName, parameters });
      // A promise turns what `answer` throws into a rejection, as a refused call arrives.
      return new Promise<T>((resolve) => resolve(answer(functionName, parameters) as T));
    },
  };
  return { lights, calls, api: new RemoteApi(client), refuse: (on: boolean) => (refuse = on) };
}

let engine: ReturnType<typeof lightEngine>;
const state = () => useEngineStore.getState();
const sent = (name: string) => engine.calls.filter((c) => c.functionName === name).map((c) => c.parameters);

beforeEach(() => {
  engine = lightEngine();
  useEngineStore.setState({ api: engine.api, status: 'ready', settings: fillSettings({}) });
  useEngineStore.getState().updateView({ selectedLightId: -1 });
});
afterEach(() => {
  useEngineStore.getState().detach();
  vi.mocked(toast.error).mockClear();
});

describe('the lights', () => {
  it('add a light of each type by its own function, list what the engine reports and select the new one', async () => {
    await addLight('spot');
    await addLight('point');
    await addLight('rect');
    expect(engine.calls.map((c) => c.functionName).filter((name) => name.startsWith('Create'))).toEqual([
      'CreateSpotLightAPI',
      'CreatePointLightAPI',
      'CreateRectLightAPI',
    ]);
    expect(state().settings?.CustomLights.map(lightName)).toEqual(['Spot 1', 'Point 2', 'Rect 3']);
    expect(state().view.selectedLightId).toBe(2);
  });

  it('refuse an unknown type with the spec words, without asking the engine', async () => {
    await addLight('area');
    expect(toast.error).toHaveBeenCalledWith(STATE_MESSAGES.invalidLightType);
    expect(engine.calls).toHaveLength(0);
  });

  it('say a failed creation in the spec words and keep the selection', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    engine.refuse(true);
    await addLight('point');
    expect(toast.error).toHaveBeenCalledWith(FAILURE_TOASTS.updateVisualizationEngine);
    expect(state().view.selectedLightId).toBe(-1);
  });

  it('select the light the engine names next on removal, and none when it answers -1', async () => {
    await addLight('spot');
    await addLight('point');
    await removeLight(0);
    expect(state().view.selectedLightId).toBe(1);
    expect(state().settings?.CustomLights.map((l) => l.ID)).toEqual([1]);
    await removeLight(1);
    expect(state().view.selectedLightId).toBe(-1);
    expect(state().settings?.CustomLights).toEqual([]);
  });

  it('act on a removal or a selection only when the ID is above -1', async () => {
    await removeLight(-1);
    expect(engine.calls).toHaveLength(0);
    selectLight(-1);
    selectLight(4);
    selectLight(-1);
    expect(state().view.selectedLightId).toBe(4);
  });

  it('send each field, the colour and the placement of one light by its ID, showing the change at once', async () => {
    await addLight('spot');
    runEngineAction(lightField(0, 'Intensity'), 20);
    runEngineAction(lightField(0, 'OutterAngle'), 30);
    runEngineAction(lightColor(0), { R: 255, G: 0, B: 0 });
    runEngineAction(lightPlacement(0, 'Yaw'), -90);
    runEngineAction(lightPlacement(0, 'Z'), 120);
    const light = state().settings?.CustomLights[0];
    expect(light).toMatchObject({ Intensity: 20, OutterAngle: 30, Yaw: -90, Z: 120 });
    expect(light?.LightColor).toEqual({ R: 255, G: 0, B: 0, A: 255 });
    await engineActionsIdle();
    expect(sent('UpdateLightSettings')).toEqual([
      { ID: 0, Intensity: 20 },
      { ID: 0, OutterAngle: 30 },
      { ID: 0, LightColor: { R: 255, G: 0, B: 0 } },
    ]);
    expect(sent('UpdateLightMovementData')).toEqual([
      { ID: 0, Yaw: -90 },
      { ID: 0, Z: 120 },
    ]);
  });

  it('put a refused intensity back and say so in the spec words', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await addLight('point');
    engine.refuse(true);
    runEngineAction(lightField(0, 'Intensity'), 40);
    await engineActionsIdle();
    expect(state().settings?.CustomLights[0]?.Intensity).toBe(8);
    expect(toast.error).toHaveBeenCalledWith(FAILURE_TOASTS.updateVisualizationEngine);
  });

  it('write colours as a colour input takes them and read them back', () => {
    expect(colorToHex({ R: 255, G: 128, B: 0 })).toBe('#ff8000');
    expect(hexToColor('#FF8000')).toEqual({ R: 255, G: 128, B: 0 });
    expect(hexToColor('red')).toBeNull();
  });
});
