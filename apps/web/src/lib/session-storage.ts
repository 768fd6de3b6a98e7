import { STORAGE_KEYS, STUDIO_STORAGE_KEY } from '@autostudio/protocol';

/** The spec's three keys (§9) and the studio a tab is in (the loaded product and its session). */
const KEYS = { ...STORAGE_KEYS, studio: STUDIO_STORAGE_KEY } as const;
type Key = keyof typeof KEYS;

/** The spec's storage keys (§9), kept in session storage: a tab's sign-in survives a reload, not the tab. */
export const sessionStore = {
  get: (key: Key): string | null => sessionStorage.getItem(KEYS[key]),
  set: (key: Key, value: string | null): void => {
    if (value === null) sessionStorage.removeItem(KEYS[key]);
    else sessionStorage.setItem(KEYS[key], value);
  },
};
