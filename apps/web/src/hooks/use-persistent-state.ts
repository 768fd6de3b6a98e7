import { useCallback, useState } from 'react';

const PREFIX = 'autostudio.studio.';

/** UI state (open sections, the active panel) that survives a reload; storage failures only cost the memory. */
export function usePersistentState<T extends string | boolean>(key: string, initial: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => read(key, initial));
  const set = useCallback(
    (next: T) => {
      setValue(next);
      try {
        localStorage.setItem(PREFIX + key, JSON.stringify(next));
      } catch {
        // Private mode or a full quota: the state still works for this page.
      }
    },
    [key],
  );
  return [value, set];
}

function read<T extends string | boolean>(key: string, initial: T): T {
  try {
    const stored = localStorage.getItem(PREFIX + key);
    if (stored === null) return initial;
    const parsed: unknown = JSON.parse(stored);
    return typeof parsed === typeof initial ? (parsed as T) : initial;
  } catch {
    return initial;
  }
}
