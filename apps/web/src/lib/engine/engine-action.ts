import { toast } from '@/lib/toast';
import type { RemoteApi } from '@/lib/remote-control/remote-api';
import type { EngineSettings } from './engine-settings';
import { useEngineStore } from './engine-store';

/**
 * How one control changes the engine. `read`/`write` are a lens on the settings (the value the control shows and
 * how a new one goes in); `send` tells the engine. The runner updates the store at once, sends at most one call at
 * a time with the newest value, and puts back what the engine last accepted when it refuses.
 */
export interface EngineActionDefinition<T> {
  /** One runner per key: every control of the same thing (two sliders of one door) shares its queue. */
  key: string;
  read: (settings: EngineSettings) => T;
  write: (settings: EngineSettings, value: T) => EngineSettings;
  send: (api: RemoteApi, value: T) => Promise<unknown>;
  /** Wait this long after the last input before sending (doors 300 ms, trim and paint 200 ms: spec §9). */
  delayMs?: number;
  /** Camera rig edits hold the engine interactive while they last and release it after the reset debounce. */
  rigEdit?: boolean;
  /** Reads back what the call changed besides its own value (a trim switch changes paints and lamps). */
  after?: (api: RemoteApi, value: T) => Promise<void>;
  /**
   * `log`: only logged (spec §8: car, camera, bokeh, viewport-interaction, rig and environment calls);
   * otherwise the toast's words.
   */
  failure: 'log' | { toast: string };
}

/** The identity of `definition`, typed: definitions read better as object literals with their value type inferred. */
export function defineEngineAction<T>(definition: EngineActionDefinition<T>): EngineActionDefinition<T> {
  return definition;
}

/** Timers, injectable so that unit tests drive the delays. */
export interface ActionTimers {
  set(callback: () => void, ms: number): ReturnType<typeof setTimeout>;
  clear(id: ReturnType<typeof setTimeout>): void;
}
const realTimers: ActionTimers = { set: (callback, ms) => setTimeout(callback, ms), clear: (id) => clearTimeout(id) };

/** Counts the user's changes and the engine's answers to them, so that a read of the engine knows what it predates. */
let editClock = 0;

/** One control's queue: newest value wins, one call in flight, rollback to the last value the engine accepted. */
export class EngineActionRunner<T> {
  private inFlight = false;
  private pending: { value: T } | null = null;
  /** What the engine has, as far as this runner knows; set when a burst of changes starts. */
  private accepted: { value: T } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private idleWaiters: (() => void)[] = [];
  /** The value the user wants now, and when it last changed here or reached the engine. */
  private wanted: { value: T; at: number } | null = null;

  constructor(
    private definition: EngineActionDefinition<T>,
    private readonly timers: ActionTimers = realTimers,
  ) {}

  /** A later render may hand a new definition (new closures) for the same key. */
  redefine(definition: EngineActionDefinition<T>): void {
    this.definition = definition;
  }

  run(value: T): void {
    const store = useEngineStore.getState();
    if (!store.settings || !store.api) return;
    if (!this.accepted) this.accepted = { value: this.definition.read(store.settings) };
    store.updateSettings((settings) => this.definition.write(settings, value));
    this.pending = { value };
    this.wanted = { value, at: ++editClock };
    if (this.definition.rigEdit) store.interaction?.beginRigEdit();
    const delay = this.definition.delayMs ?? 0;
    if (delay > 0) {
      if (this.timer !== null) this.timers.clear(this.timer);
      this.timer = this.timers.set(() => {
        this.timer = null;
        this.flush();
      }, delay);
    } else this.flush();
  }

  /** Resolves once every value so far reached the engine (or failed). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private isIdle(): boolean {
    return !this.inFlight && this.pending === null && this.timer === null;
  }

  /**
   * Puts this control's value back over settings read from the engine when the read may predate it: the value is
   * still on its way, or changed or reached the engine after `mark`.
   */
  keepNewer(settings: EngineSettings, mark: number): EngineSettings {
    if (!this.wanted || (this.isIdle() && this.wanted.at <= mark)) return settings;
    return this.definition.write(settings, this.wanted.value);
  }

  private flush(): void {
    if (this.inFlight || this.timer !== null) return;
    const next = this.pending;
    if (!next) return this.settle();
    this.pending = null;
    const api = useEngineStore.getState().api;
    if (!api) return this.settle();
    this.inFlight = true;
    void this.send(api, next.value).finally(() => {
      this.inFlight = false;
      this.flush();
    });
  }

  private async send(api: RemoteApi, value: T): Promise<void> {
    const { definition } = this;
    try {
      await definition.send(api, value);
      this.accepted = { value };
      if (this.wanted) this.wanted.at = ++editClock;
      // A newer value is on its way: reading back now would show this one for a moment.
      if (this.pending === null && definition.after) await definition.after(api, value);
    } catch (error) {
      if (this.pending === null && this.accepted) {
        const { value: previous } = this.accepted;
        this.wanted = { value: previous, at: ++editClock };
        useEngineStore.getState().updateSettings((settings) => definition.write(settings, previous));
      }
      report(definition.key, definition.failure, error);
    }
  }

  private settle(): void {
    this.accepted = null;
    if (this.definition.rigEdit) useEngineStore.getState().interaction?.endRigEdit();
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}

function report(key: string, failure: EngineActionDefinition<unknown>['failure'], error: unknown): void {
  console.warn(`Engine action ${key} failed`, error);
  if (failure !== 'log') toast.error(failure.toast);
}

/** The runners of the attached engine, by key; a new engine starts with none. */
const runners = new Map<string, EngineActionRunner<unknown>>();
useEngineStore.subscribe((state, previous) => {
  if (state.api !== previous.api) runners.clear();
});

export function runnerFor<T>(definition: EngineActionDefinition<T>): EngineActionRunner<T> {
  const existing = runners.get(definition.key) as EngineActionRunner<T> | undefined;
  if (existing) {
    existing.redefine(definition);
    return existing;
  }
  const runner = new EngineActionRunner(definition);
  runners.set(definition.key, runner as EngineActionRunner<unknown>);
  return runner;
}

/** A mark to take before reading the engine, for `applyReadBack`. */
export function editMark(): number {
  return editClock;
}

/**
 * Puts part of the settings, as read from the engine, into the store, except what another control changed since
 * `mark` or still has on its way: the read may predate it, and the newer value is the user's (a door opened while a
 * trim switch read the car back stays open). `reader` is the action reading back, whose own value the read shows.
 */
export function applyReadBack(mark: number, read: Partial<EngineSettings>, reader: string): void {
  useEngineStore.getState().updateSettings((settings) => {
    let next = { ...settings, ...read };
    for (const [key, runner] of runners) if (key !== reader) next = runner.keepNewer(next, mark);
    return next;
  });
}

/** Runs an action outside React (keyboard shortcuts, tests, other actions). */
export function runEngineAction<T>(definition: EngineActionDefinition<T>, value: T): void {
  runnerFor(definition).run(value);
}

/** Resolves when every action has reached the engine; for tests and for steps that must follow them (saving). */
export async function engineActionsIdle(): Promise<void> {
  await Promise.all([...runners.values()].map((runner) => runner.idle()));
}

/** Definitions made from a key (a door's name, a lamp's), each made once so that hooks keep stable setters. */
export function keyedActions<T>(
  make: (key: string) => EngineActionDefinition<T>,
): (key: string) => EngineActionDefinition<T> {
  const made = new Map<string, EngineActionDefinition<T>>();
  return (key) => {
    let definition = made.get(key);
    if (!definition) {
      definition = make(key);
      made.set(key, definition);
    }
    return definition;
  };
}
