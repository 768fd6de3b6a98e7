import type { ToneMapperName } from '@autostudio/protocol';
import { create } from 'zustand';
import type { RemoteApi } from '@/lib/remote-control/remote-api';
import { NO_OPTIONS, type EngineOptions, type EngineSettings } from './engine-settings';
import { readEngine, readSettings } from './read-engine';
import { recallScene, rememberScene } from './scene-memory';
import { ViewportInteraction } from './viewport-interaction';

export type EngineStatus = 'detached' | 'hydrating' | 'ready' | 'failed';

/** Spec §3 "Scene state" that is the studio's own, not the engine's configuration. */
export interface StudioView {
  /** editor until a camera spot is chosen, then camera. */
  viewMode: 'editor' | 'camera';
  compositionGuideVisible: boolean;
  /** The custom light being edited; -1 when none. */
  selectedLightId: number;
}

/** Spec §3 "Upload state" of an image the engine was given: what it was and where it lives. */
export interface ImageSlot {
  imageId: string;
  previewUrl: string;
  selectedImageName: string;
}

/** The images of spec §3: the backdrop (HDRI), the backplate and the custom composition guide (imageUpload). */
export type ImageSlotName = 'backdrop' | 'backplate' | 'guide';

export interface EngineState {
  status: EngineStatus;
  /** Why hydration failed, for the panels' error state. */
  error: string | null;
  api: RemoteApi | null;
  /** Rig edits and drags hold the engine interactive and release it after the reset debounce (spec §4). */
  interaction: ViewportInteraction | null;
  /** The engine's whole configuration; null until the first hydration. */
  settings: EngineSettings | null;
  options: EngineOptions;
  view: StudioView;
  /** The car config flag switchToPathTraceOnIdle, kept for the session. */
  pathTraceOnIdle: boolean;
  /** The engine's read-only canPathTraceOnIdle: false where the flag does nothing; null when the engine does not say. */
  canPathTraceOnIdle: boolean | null;
  /** The engine's ToneMapper (not part of the configuration); null when the engine does not say (no such property). */
  toneMapper: ToneMapperName | null;
  /** Images given to this engine; the configuration names none, so the studio keeps them. */
  images: Partial<Record<ImageSlotName, ImageSlot>>;

  /**
   * The scene the store shows (the engine session): the view and images the studio keeps for it survive a reload
   * that returns to the same scene.
   */
  sceneKey: string | null;

  /** Connects the store to an engine and reads everything from it; `sceneKey` names the scene (the session). */
  attach: (api: RemoteApi, sceneKey?: string) => Promise<void>;
  detach: () => void;
  hydrate: () => Promise<void>;
  /** Reads the configuration again and takes the given sections from it (what a call changed besides itself). */
  reread: (sections: readonly (keyof EngineSettings)[]) => Promise<void>;
  /** Replaces the settings with what `change` makes of them; panels go through engine actions, not this. */
  updateSettings: (change: (settings: EngineSettings) => EngineSettings) => void;
  updateOptions: (options: Partial<EngineOptions>) => void;
  updateView: (view: Partial<StudioView>) => void;
  setPathTraceOnIdle: (on: boolean) => void;
  setToneMapper: (toneMapper: ToneMapperName) => void;
  setImage: (slot: ImageSlotName, image: ImageSlot | null) => void;
}

/** Not one of the spec's storage keys: the studio's own, kept for the tab's session like them. */
const PATH_TRACE_KEY = 'autostudio.pathTraceOnIdle';
const INITIAL_VIEW: StudioView = { viewMode: 'editor', compositionGuideVisible: true, selectedLightId: -1 };

/**
 * The studio's one picture of the engine: what it is configured to and what it offers. Hydrated by a batch of
 * getters when a session connects; changed only by engine actions, which update it first and roll back when the
 * engine refuses.
 */
export const useEngineStore = create<EngineState>()((set, get) => ({
  status: 'detached',
  error: null,
  api: null,
  interaction: null,
  settings: null,
  options: NO_OPTIONS,
  view: INITIAL_VIEW,
  pathTraceOnIdle: sessionStorage.getItem(PATH_TRACE_KEY) === 'true',
  canPathTraceOnIdle: null,
  toneMapper: null,
  images: {},
  sceneKey: null,

  attach: async (api, sceneKey) => {
    if (get().api === api) return;
    get().interaction?.dispose();
    const interaction = new ViewportInteraction({
      setHolding: (isHolding) => api.call('updateViewPortInteraction', { isHolding }),
      switchToPathTraceOnIdle: () => get().pathTraceOnIdle,
    });
    const remembered = sceneKey ? recallScene(sceneKey) : null;
    set({
      api,
      interaction,
      settings: null,
      options: NO_OPTIONS,
      canPathTraceOnIdle: null,
      toneMapper: null,
      view: remembered?.view ?? INITIAL_VIEW,
      images: remembered?.images ?? {},
      sceneKey: sceneKey ?? null,
    });
    await get().hydrate();
  },

  detach: () => {
    get().interaction?.dispose();
    set({
      status: 'detached',
      api: null,
      interaction: null,
      settings: null,
      options: NO_OPTIONS,
      canPathTraceOnIdle: null,
      toneMapper: null,
      error: null,
      images: {},
      sceneKey: null,
    });
  },

  hydrate: async () => {
    const api = get().api;
    if (!api) return;
    set({ status: 'hydrating', error: null });
    try {
      const snapshot = await readEngine(api);
      if (get().api !== api) return;
      const wanted = get().pathTraceOnIdle;
      set({
        status: 'ready',
        settings: snapshot.settings,
        options: snapshot.options,
        canPathTraceOnIdle: snapshot.canPathTraceOnIdle,
        toneMapper: snapshot.toneMapper,
      });
      // The flag is kept for the session: a new engine (or one restarted) is told again what the user chose.
      if (snapshot.pathTraceOnIdle !== wanted) {
        api.writeProperty('switchToPathTraceOnIdle', wanted).catch((error: unknown) => {
          console.warn('switchToPathTraceOnIdle could not be restored', error);
        });
      }
    } catch (error) {
      if (get().api !== api) return;
      set({ status: 'failed', error: error instanceof Error ? error.message : String(error) });
    }
  },

  reread: async (sections) => {
    const api = get().api;
    if (!api) return;
    const fresh = await readSettings(api);
    const settings = get().settings;
    if (get().api !== api || !settings) return;
    const next = { ...settings, ...pick(fresh, sections) };
    // A hidden guide is None on the engine but still the user's choice: showing it again brings it back.
    if (sections.includes('Camera') && !get().view.compositionGuideVisible)
      next.Camera = { ...next.Camera, CompositionGuide: settings.Camera.CompositionGuide };
    set({ settings: next });
  },

  updateSettings: (change) => {
    const settings = get().settings;
    if (settings) set({ settings: change(settings) });
  },
  updateOptions: (options) => set({ options: { ...get().options, ...options } }),
  updateView: (view) => set({ view: { ...get().view, ...view } }),
  setImage: (slot, image) => {
    const images = Object.fromEntries(Object.entries(get().images).filter(([name]) => name !== slot));
    set({ images: image ? { ...images, [slot]: image } : images });
  },
  setPathTraceOnIdle: (on) => {
    sessionStorage.setItem(PATH_TRACE_KEY, String(on));
    set({ pathTraceOnIdle: on });
  },
  setToneMapper: (toneMapper) => set({ toneMapper }),
}));

/** Resolves once the studio has read an engine (after a car load or a new session); rejects if it cannot. */
export function whenEngineRead(): Promise<void> {
  const settled = (state: EngineState) => state.status === 'ready' || state.status === 'failed';
  const outcome = (state: EngineState) =>
    state.status === 'ready' ? Promise.resolve() : Promise.reject(new Error(state.error ?? 'The engine is not read'));
  const now = useEngineStore.getState();
  if (settled(now)) return outcome(now);
  return new Promise((resolve, reject) => {
    const unsubscribe = useEngineStore.subscribe((state) => {
      if (!settled(state)) return;
      unsubscribe();
      outcome(state).then(resolve, reject);
    });
  });
}

// The view and images of a named scene are written down as they change, for a reload to find them.
useEngineStore.subscribe((state, previous) => {
  if (state.sceneKey && (state.view !== previous.view || state.images !== previous.images))
    rememberScene(state.sceneKey, { view: state.view, images: state.images });
});

function pick(settings: EngineSettings, sections: readonly (keyof EngineSettings)[]): Partial<EngineSettings> {
  return Object.fromEntries(sections.map((section) => [section, settings[section]]));
}
