import { create } from 'zustand';

/** The tab remembers the last picture, so a reload of /home shows the car at once while its stream reconnects. */
const PICTURE_KEY = 'autostudio.firstPicture';

/**
 * The still that stands in for the engine's picture until the stream shows what the user asked for: the product's
 * preview while a car is loaded, a configuration's still while it is opened. The viewport shows it while its stream
 * is not live or while a load holds it, then crossfades to the video.
 */
export interface FirstPictureState {
  /** The still to show, or null when there is none (a model without a preview). */
  url: string | null;
  /** A load is under way whose result the live stream does not show yet: the still stays up even over live video. */
  holding: boolean;

  /** Shows `url` at once and keeps it up until `release`; null shows none (never another car's still). */
  hold: (url: string | null) => void;
  /** The load is done (or failed): the live stream may show through again. */
  release: () => void;
}

export const useFirstPictureStore = create<FirstPictureState>()((set) => ({
  url: sessionStorage.getItem(PICTURE_KEY),
  holding: false,

  hold: (url) => {
    if (url) sessionStorage.setItem(PICTURE_KEY, url);
    else sessionStorage.removeItem(PICTURE_KEY);
    set({ url, holding: true });
  },
  release: () => set({ holding: false }),
}));
