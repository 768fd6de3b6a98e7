import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { spyOnToasts } from '@/test/toasts';
import { RemoteApi, type RemoteTransport } from '@/lib/remote-control/remote-api';
import { applyReadBack, defineEngineAction, editMark, engineActionsIdle, runEngineAction } from './engine-action';
import { useEngineStore } from './engine-store';
import { fillSettings } from './read-engine';

beforeEach(spyOnToasts);

/** An engine that answers each call when the test says so, and remembers what it was sent. */
function slowEngine() {
  const calls: { functionName: string; parameters: unknown; answer: (ok: boolean, body?: object) => void }[] = [];
  const client: RemoteTransport = {
    call: <T>(_url: string, body?: unknown) =>
      new Promise<T>((resolve, reject) => {
        const { functionName, parameters } = body as { functionName: string; parameters: unknown };
        calls.push({
          functionName,
          parameters,
          answer: (ok, answer = {}) => (ok ? resolve(answer as T) : reject(new Error('refused'))),
        });
      }),
  };
  return { calls, api: new RemoteApi(client) };
}

const opacity = defineEngineAction<number>({
  key: 'test.opacity',
  read: (s) => s.Camera.CompositionOpacity,
  write: (s, value) => ({ ...s, Camera: { ...s.Camera, CompositionOpacity: value } }),
  send: (api, value) => api.call('Change Composition Opacity', { Value: value }),
  failure: { toast: 'Failed to update visualization engine' },
});

const shown = () => useEngineStore.getState().settings?.Camera.CompositionOpacity;

const door = defineEngineAction<number>({
  key: 'test.door',
  read: (s) => s.ConfigureValues.DOOR_FL ?? 0,
  write: (s, value) => ({ ...s, ConfigureValues: { ...s.ConfigureValues, DOOR_FL: value } }),
  send: (api, value) => api.call('UpdateConfigureValue', { Name: 'DOOR_FL', Value: value }),
  delayMs: 300,
  failure: 'log',
});
const shownDoor = () => useEngineStore.getState().settings?.ConfigureValues.DOOR_FL;

/** A trim switch that reads the doors back afterwards, as slowly as the test says: `answerRead` gives the engine's. */
function trimReadingDoorsBack() {
  let answerRead: (doors: number) => void = () => undefined;
  const trim = defineEngineAction<string>({
    key: 'test.trim',
    read: (s) => s.Trim,
    write: (s, Trim) => ({ ...s, Trim }),
    send: (api, value) => api.call('Update Car Material', { MaterialToSet: value }),
    after: async () => {
      const mark = editMark();
      const doors = await new Promise<number>((resolve) => (answerRead = resolve));
      applyReadBack(mark, { ConfigureValues: { DOOR_FL: doors } }, 'test.trim');
    },
    failure: 'log',
  });
  return { trim, answerRead: (doors: number) => answerRead(doors) };
}
const flushPromises = () => vi.advanceTimersByTimeAsync(0);

let engine: ReturnType<typeof slowEngine>;
beforeEach(() => {
  vi.useFakeTimers();
  engine = slowEngine();
  useEngineStore.setState({ api: engine.api, status: 'ready', settings: fillSettings({}) });
});
afterEach(() => {
  useEngineStore.getState().detach();
  vi.useRealTimers();
  vi.mocked(toast.error).mockClear();
  vi.restoreAllMocks();
});

describe('engine actions', () => {
  it('show the new value at once and send one call at a time, the newest value winning', async () => {
    runEngineAction(opacity, 0.2);
    runEngineAction(opacity, 0.3);
    runEngineAction(opacity, 0.4);
    expect(shown()).toBe(0.4);
    expect(engine.calls.map((c) => c.parameters)).toEqual([{ Value: 0.2 }]);
    engine.calls[0]?.answer(true);
    await flushPromises();
    // 0.3 never leaves: by the time the engine is free, 0.4 is what the user wants.
    expect(engine.calls.map((c) => c.parameters)).toEqual([{ Value: 0.2 }, { Value: 0.4 }]);
    engine.calls[1]?.answer(true);
    await flushPromises();
    expect(shown()).toBe(0.4);
  });

  it('put back what the engine last accepted when it refuses, and say so in the spec words', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    runEngineAction(opacity, 0.2);
    engine.calls[0]?.answer(true);
    await flushPromises();
    runEngineAction(opacity, 0.9);
    expect(shown()).toBe(0.9);
    engine.calls[1]?.answer(false);
    await flushPromises();
    expect(shown()).toBe(0.2);
    expect(toast.error).toHaveBeenCalledWith('Failed to update visualization engine');
  });

  it('roll back to the value before a burst when its only call fails; a log-only action shows no toast', async () => {
    const quiet = { ...opacity, key: 'test.quiet', failure: 'log' as const };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    runEngineAction(quiet, 0.7);
    engine.calls[0]?.answer(false);
    await flushPromises();
    expect(shown()).toBe(0.5);
    expect(toast.error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('wait for the input to rest when the action has a delay, then send the last value once', async () => {
    runEngineAction(door, 10);
    await vi.advanceTimersByTimeAsync(200);
    runEngineAction(door, 20);
    await vi.advanceTimersByTimeAsync(299);
    expect(engine.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(engine.calls.map((c) => c.parameters)).toEqual([{ Name: 'DOOR_FL', Value: 20 }]);
  });

  it('read back what a call changed besides itself, once the burst is over', async () => {
    const after = vi.fn(() => Promise.resolve());
    const withReadBack = { ...opacity, key: 'test.after', after };
    runEngineAction(withReadBack, 0.1);
    runEngineAction(withReadBack, 0.2);
    engine.calls[0]?.answer(true);
    await flushPromises();
    expect(after).not.toHaveBeenCalled();
    engine.calls[1]?.answer(true);
    const idle = engineActionsIdle();
    await flushPromises();
    await idle;
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('keep a door opened while a trim switch read the car back: the read predates it', async () => {
    const { trim, answerRead } = trimReadingDoorsBack();
    runEngineAction(trim, 'Terra Wilderness');
    engine.calls[0]?.answer(true);
    await flushPromises();
    // The trim reached the engine and the car is being read back when the user opens a door.
    runEngineAction(door, 50);
    answerRead(0);
    await flushPromises();
    expect(shownDoor()).toBe(50);
    await vi.advanceTimersByTimeAsync(300);
    expect(engine.calls.map((c) => c.parameters)).toEqual([
      { MaterialToSet: 'Terra Wilderness' },
      { Name: 'DOOR_FL', Value: 50 },
    ]);
    engine.calls[1]?.answer(true, { Value: 50 });
    await flushPromises();
    expect(shownDoor()).toBe(50);
  });

  it('keep a door whose call reached the engine after the read began, and take what the read says otherwise', async () => {
    const { trim, answerRead } = trimReadingDoorsBack();
    runEngineAction(door, 50);
    await vi.advanceTimersByTimeAsync(300);
    engine.calls[0]?.answer(true, { Value: 50 });
    await flushPromises();
    // Nothing newer than the read: the engine's answer (the trim shut the door there) is what the studio shows.
    runEngineAction(trim, 'Terra Base');
    engine.calls[1]?.answer(true);
    await flushPromises();
    answerRead(0);
    await flushPromises();
    expect(shownDoor()).toBe(0);

    runEngineAction(trim, 'Terra Wilderness');
    engine.calls[2]?.answer(true);
    await flushPromises();
    runEngineAction(door, 40);
    await vi.advanceTimersByTimeAsync(300);
    engine.calls[3]?.answer(true, { Value: 40 });
    await flushPromises();
    answerRead(0);
    await flushPromises();
    expect(shownDoor()).toBe(40);
  });
});
