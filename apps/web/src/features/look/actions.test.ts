import { ENGINE_CONFIG_DEFAULTS, FAILURE_TOASTS } from '@autostudio/protocol';
import { toast } from '@/lib/toast';
import { spyOnToasts } from '@/test/toasts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteApi, type RemoteTransport } from '@/lib/remote-control/remote-api';
import { engineActionsIdle, fillSettings, runEngineAction, useEngineStore } from '@/lib/engine';
import { gainAction, lookAction, resetLook } from './actions';

beforeEach(spyOnToasts);

/** A post-process volume like the engine's: PostProcessLite merges, ResetPostProcessLite goes back to defaults. */
function postProcessEngine() {
  let post: Record<string, unknown> = structuredClone(ENGINE_CONFIG_DEFAULTS.PostProcess);
  const calls: { functionName: string; parameters: Record<string, unknown> }[] = [];
  let refuse = false;
  const client: RemoteTransport = {
    call: <T>(_url: string, body?: unknown) => {
      const { functionName, parameters } = body as { functionName: string; parameters: Record<string, unknown> };
      calls.push({ functionName, parameters });
      if (functionName === 'Get Current Config') return Promise.resolve({ Settings: { PostProcess: post } } as T);
      if (refuse) return Promise.reject(new Error('refused'));
      if (functionName === 'ResetPostProcessLite') post = structuredClone(ENGINE_CONFIG_DEFAULTS.PostProcess);
      if (functionName === 'PostProcessLite') {
        const { Gain, ...rest } = parameters as { Gain?: object };
        post = { ...post, ...rest, Gain: { ...(post.Gain as object), ...Gain } };
      }
      return Promise.resolve({} as T);
    },
  };
  return { calls, api: new RemoteApi(client), refuse: (on: boolean) => (refuse = on) };
}

let engine: ReturnType<typeof postProcessEngine>;
const look = () => useEngineStore.getState().settings?.PostProcess;
const sent = () => engine.calls.filter((c) => c.functionName === 'PostProcessLite').map((c) => c.parameters);

beforeEach(() => {
  engine = postProcessEngine();
  useEngineStore.setState({ api: engine.api, status: 'ready', settings: fillSettings({}) });
});
afterEach(() => {
  useEngineStore.getState().detach();
  vi.mocked(toast.error).mockClear();
});

describe('the look', () => {
  it('sends only the value a slider changed, and one Gain channel without the others', async () => {
    runEngineAction(lookAction('ExposureCompensation'), 1.5);
    runEngineAction(gainAction('Z'), 0.6);
    expect(look()?.ExposureCompensation).toBe(1.5);
    expect(look()?.Gain).toEqual({ X: 1, Y: 1, Z: 0.6, W: 1 });
    await engineActionsIdle();
    expect(sent()).toEqual([{ ExposureCompensation: 1.5 }, { Gain: { Z: 0.6 } }]);
  });

  it('resets on the engine and then shows what the engine reports', async () => {
    runEngineAction(lookAction('VignetteIntensity'), 0.8);
    runEngineAction(gainAction('X'), 1.4);
    await engineActionsIdle();
    await resetLook();
    expect(engine.calls.map((c) => c.functionName).slice(-2)).toEqual(['ResetPostProcessLite', 'Get Current Config']);
    expect(look()).toEqual(ENGINE_CONFIG_DEFAULTS.PostProcess);
  });

  it('puts a refused value back and says so in the spec words; a failed reset keeps the look', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    engine.refuse(true);
    runEngineAction(lookAction('GlobalSaturation'), -0.5);
    await engineActionsIdle();
    expect(look()?.GlobalSaturation).toBe(0);
    expect(toast.error).toHaveBeenCalledWith(FAILURE_TOASTS.updateVisualizationEngine);
    vi.mocked(toast.error).mockClear();
    await resetLook();
    expect(toast.error).toHaveBeenCalledWith(FAILURE_TOASTS.updateVisualizationEngine);
  });
});
