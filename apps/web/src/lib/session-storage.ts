import { STORAGE_KEYS } from '@autostudio/protocol';

type Key = keyof typeof STORAGE_KEYS;

/** The spec's storage keys (§9), kept in session storage: a tab's sign-in survives a reload, not the tab. */
export const sessionStore = {
  get: (key: Key): string | null => sessionStorage.getItem(STORAGE_KEYS[key]),
  set: (key: Key, value: string | null): void => {
    if (value === null) sessionStorage.removeItem(STORAGE_KEYS[key]);
    else sessionStorage.setItem(STORAGE_KEYS[key], value);
  },
};
