import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteApi, type RemoteTransport } from '@/lib/remote-control/remote-api';
import { engineActionsIdle, fillSettings, runEngineAction, useEngineStore } from '@/lib/engine';
import { lampsForTimeOfDay, timeOfDayAction } from './actions';

const twoLamps = {
  HeadLamps1: { OnOff: false, Intensity: 3 },
  TailLamps1: { OnOff: true, Intensity: 2 },
};

describe('light presets by time of day (spec §4)', () => {
  it('turns every lamp the car has on at intensity 1 at Dawn, Sunrise, Sunset, Evening and Night', () => {
    for (const time of ['Dawn', 'Sunrise', 'Sunset', 'Evening', 'Night', 'night'])
      expect(lampsForTimeOfDay(time, twoLamps), time).toEqual({
        HeadLamps1: { OnOff: true, Intensity: 1 },
        TailLamps1: { OnOff: true, Intensity: 1 },
      });
  });

  it('turns them off at any other time, and names no lamp the trim lacks', () => {
    expect(lampsForTimeOfDay('Noon', twoLamps)).toEqual({
      HeadLamps1: { OnOff: false, Intensity: 1 },
      TailLamps1: { OnOff: false, Intensity: 1 },
    });
    expect(lampsForTimeOfDay('Night', {})).toEqual({});
  });
});

describe('the time-of-day action', () => {
  const sent: { functionName: string; parameters: unknown }[] = [];
  const client: RemoteTransport = {
    call: <T>(_url: string, body?: unknown) => {
      const { functionName, parameters } = body as { functionName: string; parameters: unknown };
      sent.push({ functionName, parameters });
      // Read-backs answer the configuration the engine would now have.
      if (functionName === 'Get Current Config')
        return Promise.resolve({ Settings: { Environment: { TimeOfDay: 'Night' }, Lights: {} } } as T);
      return Promise.resolve({} as T);
    },
  };

  beforeEach(() => {
    sent.length = 0;
    useEngineStore.setState({
      api: new RemoteApi(client),
      status: 'ready',
      settings: fillSettings({ Lights: twoLamps }),
    });
  });
  afterEach(() => {
    useEngineStore.getState().detach();
    vi.restoreAllMocks();
  });

  it('sets the time, then each lamp of the preset, and reads both back', async () => {
    runEngineAction(timeOfDayAction, 'Night');
    expect(useEngineStore.getState().settings?.Lights.HeadLamps1).toEqual({ OnOff: true, Intensity: 1 });
    await engineActionsIdle();
    await vi.waitFor(() => expect(sent.some((s) => s.functionName === 'Get Current Config')).toBe(true));
    expect(sent.slice(0, 3)).toEqual([
      { functionName: 'Set Time Of the Day', parameters: { Value: 'Night' } },
      { functionName: 'CarLightTurnOnOff', parameters: { LightName: 'HeadLamps1', OnOff: true, Intensity: 1 } },
      { functionName: 'CarLightTurnOnOff', parameters: { LightName: 'TailLamps1', OnOff: true, Intensity: 1 } },
    ]);
  });
});
