import { useCallback } from 'react';
import { runnerFor, type EngineActionDefinition } from './engine-action';
import { useEngineStore } from './engine-store';
import type { EngineSettings } from './engine-settings';

/**
 * A control's value and its setter: the value comes from the store (so it shows what every other control and
 * every read-back did), the setter goes through the action's runner. Definitions are module constants or come from
 * `keyedActions`, so the setter stays the same across renders.
 */
export function useEngineAction<T>(definition: EngineActionDefinition<T>): [T | undefined, (value: T) => void] {
  const value = useEngineSettings(definition.read);
  const set = useCallback((next: T) => runnerFor(definition).run(next), [definition]);
  return [value, set];
}

/**
 * A slice of the settings. `select` must return a part of the settings or a primitive, not a new object: the
 * store compares snapshots by identity.
 */
export function useEngineSettings<T>(select: (settings: EngineSettings) => T): T | undefined {
  return useEngineStore((state) => (state.settings ? select(state.settings) : undefined));
}
