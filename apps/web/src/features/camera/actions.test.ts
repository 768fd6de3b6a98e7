import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { engineActionsIdle, fillSettings, runEngineAction, useEngineStore, ViewportInteraction } from '@/lib/engine';
import { RemoteApi, type RemoteTransport } from '@/lib/remote-control/remote-api';
import { craneAction, guideAction, setGuideVisible, setPathTraceOnIdle, spotAction } from './actions';

/** An engine that answers at once, remembers what it was sent, and answers Get Current Config with `camera`. */
function fakeEngine(camera: Record<string, unknown> = {}) {
  const sent: { to: string; name: string; value: unknown }[] = [];
  let refuse = false;
  const client: RemoteTransport = {
    call: <T>(url: string, body?: unknown) => {
      const b = body as { functionName?: string; propertyName?: string; parameters?: unknown; propertyValue?: unknown };
      const name = b.functionName ?? b.propertyName ?? decodeURIComponent(url.split('/').pop() ?? '');
      if (refuse) return Promise.reject(new Error('refused'));
      sent.push({ to: url, name, value: b.parameters ?? b.propertyValue });
      if (name === 'Get Current Config') return Promise.resolve({ Settings: { Camera: camera } } as T);
      return Promise.resolve({} as T);
    },
  };
  return {
    sent,
    names: () => sent.map((s) => s.name).filter((n) => n !== 'Get Current Config'),
    refuse: () => (refuse = true),
    api: new RemoteApi(client),
  };
}

const camera = () => useEngineStore.getState().settings?.Camera;
const view = () => useEngineStore.getState().view;

let engine: ReturnType<typeof fakeEngine>;
function attach(answer: Record<string, unknown> = {}) {
  engine = fakeEngine(answer);
  const interaction = new ViewportInteraction({
    setHolding: (isHolding) => engine.api.call('updateViewPortInteraction', { isHolding }),
    switchToPathTraceOnIdle: () => true,
  });
  useEngineStore.setState({
    api: engine.api,
    interaction,
    status: 'ready',
    settings: fillSettings({}),
    view: { viewMode: 'editor', compositionGuideVisible: true, selectedLightId: -1 },
  });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  useEngineStore.getState().detach();
  vi.useRealTimers();
});

describe('camera actions', () => {
  it('a spot switches the view to the camera, moves there and shows the lens the engine then has', async () => {
    attach({ Position: 'Interior', FocalLength: 15, Interior: { X: 0.3 } });
    expect(view().viewMode).toBe('editor');
    runEngineAction(spotAction, 'Interior');
    // The panel shows the spot's lens at once, before the engine answers.
    expect(camera()?.FocalLength).toBe(15);
    await vi.advanceTimersByTimeAsync(0);
    await engineActionsIdle();
    expect(engine.names()).toEqual(['Switch to Camera', 'Switch Position']);
    expect(engine.sent[1]?.value).toEqual({ Position: 'Interior' });
    expect(view().viewMode).toBe('camera');
    expect(camera()?.Position).toBe('Interior');
    expect(camera()?.Interior.X).toBe(0.3);
  });

  it('hiding the guide shows None on the engine but keeps the choice, and showing it sends the choice again', async () => {
    attach({ CompositionGuide: 'None' });
    runEngineAction(guideAction, 'RuleOfThird');
    await vi.advanceTimersByTimeAsync(0);
    setGuideVisible(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(camera()?.CompositionGuide).toBe('RuleOfThird');
    // A read-back of the camera (after a drag) finds None on the engine; the choice stays.
    await useEngineStore.getState().reread(['Camera']);
    expect(camera()?.CompositionGuide).toBe('RuleOfThird');
    setGuideVisible(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.sent.filter((s) => s.name === 'Set Composition Guide').map((s) => s.value)).toEqual([
      { Value: 'RuleOfThird' },
      { Value: 'None' },
      { Value: 'RuleOfThird' },
    ]);
  });

  it('a crane edit sets the absolute value, holds the engine interactive and releases it 2000 ms later', async () => {
    attach();
    runEngineAction(craneAction('Yaw'), 40);
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.sent.find((s) => s.name === 'CameraExteriorYaw')).toMatchObject({
      value: 40,
    });
    expect(engine.sent.find((s) => s.name === 'CameraExteriorYaw')?.to).toContain('/remote/preset/');
    const holds = () => engine.sent.filter((s) => s.name === 'updateViewPortInteraction').map((s) => s.value);
    expect(holds()).toEqual([{ isHolding: true }]);
    await vi.advanceTimersByTimeAsync(1999);
    expect(holds()).toEqual([{ isHolding: true }]);
    await vi.advanceTimersByTimeAsync(1);
    expect(holds()).toEqual([{ isHolding: true }, { isHolding: false }]);
  });

  it('idle path tracing reaches the engine and is kept; a refusal puts the switch back and is only logged', async () => {
    attach();
    useEngineStore.getState().setPathTraceOnIdle(false);
    await setPathTraceOnIdle(true);
    expect(engine.sent.at(-1)).toMatchObject({
      name: 'switchToPathTraceOnIdle',
      value: { switchToPathTraceOnIdle: true },
    });
    expect(useEngineStore.getState().pathTraceOnIdle).toBe(true);
    expect(sessionStorage.getItem('autostudio.pathTraceOnIdle')).toBe('true');

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    engine.refuse();
    await setPathTraceOnIdle(false);
    expect(useEngineStore.getState().pathTraceOnIdle).toBe(true);
    expect(warn).toHaveBeenCalled();
  });
});
