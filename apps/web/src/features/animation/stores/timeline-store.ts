import {
  FAILURE_TOASTS,
  HIDDEN_PRESET_CATEGORY,
  STATE_MESSAGES,
  SUCCESS_TOASTS,
  TIMELINE_FPS,
  type Preset,
} from '@autostudio/protocol';
import { create } from 'zustand';
import type { RemoteApi } from '@/lib/remote-control/remote-api';
import { PlaybackPoller } from '../lib/playback-poller';
import { createAnimationPreset, updateAnimationPreset, uploadFramePreview } from '../api/animation-api';
import {
  endFrameOf,
  frameAtTime,
  framesOfSettings,
  keyframesOf,
  nextFrameTime,
  normaliseFrames,
  settingsOf,
  type CranePose,
  type TimelineFrame,
} from '../lib/timeline';

/** A new timeline's name until the user gives one. */
export const UNTITLED_ANIMATION = 'Untitled animation';

/** Spec §3 "Timeline", plus what the studio keeps to save it and show it. */
export interface TimelineState {
  isOpen: boolean;
  name: string;
  /** The sequence's category (spec §3 "Sequence"), for the saved animations' category filter; '' for none. */
  category: string;
  frames: TimelineFrame[];
  fps: number;
  currentFrame: number;
  isPlaying: boolean;
  /** Any change since the last save (spec §4); a successful save clears it. */
  isDirty: boolean;
  /** The engine's sequence of this timeline; null until one is created in the current engine. */
  sequencePath: string | null;
  /** Upload id → URL of the frames' previews (spec §3). */
  previewImageMapping: Record<string, string>;
  /** Pictures of frames whose preview is still uploading (object URLs), by frame id; closing clears them. */
  localPreviews: Record<string, string>;
  /** The animation preset this timeline is saved as; null until the first save. */
  presetId: string | null;
  /** The upload group of the previews; null until the first preview is uploaded. */
  groupId: string | null;
  isSaving: boolean;

  open: () => void;
  /** Closes the panel: playback stops and the previews it held are cleared (spec §4). */
  close: () => void;
  /** A new, empty timeline. */
  reset: () => void;
  setName: (name: string) => void;
  setCategory: (category: string) => void;
  /** Adds a frame where the crane is, a second after the last (spec §3), and uploads its preview when given. */
  addFrame: (crane: CranePose, preview?: Blob | null) => void;
  removeFrame: (id: string) => void;
  /** Moves a frame in time (seconds, 0 or more); the frames stay in time order. */
  setFrameTime: (id: string, time: number) => void;
  /**
   * Opens a saved animation preset (spec §4: loading a timeline opens it). `owned`: the user may change the preset;
   * a preset shared with them is saved as their own new one.
   */
  load: (preset: Preset, owned: boolean) => boolean;

  /** Plays from the current frame, or pauses when playing (spec §4: play toggles isPlaying). */
  togglePlay: () => Promise<void>;
  pause: () => Promise<void>;
  /** Stops and goes back to frame 0. */
  stop: () => Promise<void>;
  /** Goes to the latest frame's time × fps. */
  goToEnd: () => Promise<void>;
  /** Stores the frame, then shows it in the engine; refused (false) while playing. */
  seek: (frame: number) => Promise<boolean>;
  /**
   * Saves the sequence (spec §4 "Sequence saving") and the timeline as an animation preset. Resolves with the spec's
   * success text; rejects with an Error whose message is its failure text and whose cause is why.
   */
  save: () => Promise<string>;
  /** The attached engine (`useFollowEngine`): another one has none of this one's sequence, and nothing plays there. */
  followEngine: (api: RemoteApi | null) => void;
}

const INITIAL = {
  isOpen: false,
  name: UNTITLED_ANIMATION,
  category: '',
  frames: [],
  fps: TIMELINE_FPS,
  currentFrame: 0,
  isPlaying: false,
  isDirty: false,
  sequencePath: null,
  previewImageMapping: {},
  localPreviews: {},
  presetId: null,
  groupId: null,
  isSaving: false,
} satisfies Partial<TimelineState>;

/** Spec §5: a sequence path containing the word failed is a failure. */
const failedPath = (path: string) => path.length === 0 || /failed/i.test(path);

const newFrameId = () => crypto.randomUUID();

export const useTimelineStore = create<TimelineState>()((set, get) => {
  /** The keyframes the engine's sequence has, as JSON: a change of frames updates it before it plays again. */
  let engineKeys: string | null = null;
  /** Preview uploads run one after another: the first one makes the group the next ones join. */
  let uploads: Promise<void> = Promise.resolve();

  /** The attached engine, as `followEngine` was last told; `sequencePath` and `engineKeys` belong to it. */
  let followed: RemoteApi | null = null;

  const engine = (): RemoteApi => {
    if (!followed) throw new Error(STATE_MESSAGES.createSequenceFailed, { cause: new Error('no engine attached') });
    return followed;
  };

  /** Spec §4: while playing, the engine is polled every 100 ms; its time becomes the current frame. */
  const poller = new PlaybackPoller(({ Playing, Time }) => {
    if (!get().isPlaying) return;
    const frame = Time === undefined ? get().currentFrame : frameAtTime(Time, get().fps);
    set({ currentFrame: frame, ...(Playing ? {} : { isPlaying: false }) });
  });

  /** The engine has this timeline's sequence as it is now: created when it has none, updated when it changed. */
  const ensureSequence = async (api: RemoteApi): Promise<string> => {
    const { frames, name, sequencePath } = get();
    const Keyframes = keyframesOf(frames);
    const keys = JSON.stringify(Keyframes);
    if (!sequencePath) {
      const { SequencePath } = await api.call('CreateSequence', { Name: name, Keyframes });
      if (failedPath(SequencePath)) throw new Error(STATE_MESSAGES.createSequenceFailed);
      engineKeys = keys;
      set({ sequencePath: SequencePath });
      return SequencePath;
    }
    if (keys !== engineKeys) {
      try {
        await api.call('UpdateSequence', { SequencePath: sequencePath, Keyframes });
      } catch (error) {
        throw new Error(STATE_MESSAGES.updateSequenceFailed, { cause: error });
      }
      engineKeys = keys;
    }
    return sequencePath;
  };

  const changeFrames = (frames: TimelineFrame[]) => set({ frames: normaliseFrames(frames), isDirty: true });

  const uploadPreview = (frameId: string, image: Blob) => {
    const local = URL.createObjectURL(image);
    set((state) => ({ localPreviews: { ...state.localPreviews, [frameId]: local } }));
    uploads = uploads.then(async () => {
      try {
        const upload = await uploadFramePreview(image, frameId, get().groupId);
        set((state) => ({
          groupId: state.groupId ?? upload.groupId,
          previewImageMapping: { ...state.previewImageMapping, [upload.id]: upload.url },
          frames: state.frames.map((frame) => (frame.id === frameId ? { ...frame, preview: upload.id } : frame)),
          isDirty: true,
        }));
      } catch (error) {
        // The frame keeps no preview; the picture stays on screen until the panel closes.
        console.warn('frame preview upload failed', error);
      }
    });
  };

  const clearLocalPreviews = () => {
    for (const url of Object.values(get().localPreviews)) URL.revokeObjectURL(url);
    set({ localPreviews: {} });
  };

  const haltPlayback = () => {
    poller.stop();
    if (get().isPlaying) {
      set({ isPlaying: false });
      void followed?.call('StopSequence').catch(() => undefined);
    }
  };

  return {
    ...INITIAL,

    followEngine: (api) => {
      if (api === followed) return;
      followed = api;
      poller.stop();
      engineKeys = null;
      set({ sequencePath: null, isPlaying: false });
    },

    open: () => set({ isOpen: true }),

    close: () => {
      haltPlayback();
      clearLocalPreviews();
      set({ isOpen: false });
    },

    reset: () => {
      haltPlayback();
      clearLocalPreviews();
      engineKeys = null;
      set({ ...INITIAL, isOpen: get().isOpen });
    },

    setName: (name) => set({ name, isDirty: true }),
    setCategory: (category) => set({ category, isDirty: true }),

    addFrame: (crane, preview) => {
      const { frames } = get();
      const frame: TimelineFrame = { id: newFrameId(), preview: '', params: { time: nextFrameTime(frames), ...crane } };
      changeFrames([...frames, frame]);
      if (preview) uploadPreview(frame.id, preview);
    },

    removeFrame: (id) => changeFrames(get().frames.filter((frame) => frame.id !== id)),

    setFrameTime: (id, time) => {
      if (!Number.isFinite(time) || time < 0) return;
      changeFrames(
        get().frames.map((frame) => (frame.id === id ? { ...frame, params: { ...frame.params, time } } : frame)),
      );
    },

    load: (preset, owned) => {
      const timeline = framesOfSettings(preset.settings);
      if (!timeline) return false;
      haltPlayback();
      clearLocalPreviews();
      engineKeys = null;
      set({
        ...INITIAL,
        isOpen: true,
        name: preset.name,
        category: preset.category === HIDDEN_PRESET_CATEGORY ? '' : preset.category,
        fps: timeline.fps,
        frames: timeline.frames,
        previewImageMapping: preset.previewImageMapping ?? {},
        presetId: owned ? preset.id : null,
        groupId: owned ? preset.groupId : null,
        // Someone else's animation becomes the user's own when saved.
        isDirty: !owned,
      });
      return true;
    },

    togglePlay: async () => {
      if (get().isPlaying) return get().pause();
      if (get().frames.length === 0) return;
      const api = engine();
      const SequencePath = await ensureSequence(api);
      // From the current frame: past the end, the engine starts again at 0.
      await api.call('GotoSequenceFrameWithPath', { SequencePath, Frame: get().currentFrame });
      await api.call('PlaySequence');
      set({ isPlaying: true });
      poller.start(api);
    },

    pause: async () => {
      if (!get().isPlaying) return;
      poller.stop();
      set({ isPlaying: false });
      const api = engine();
      await api.call('PlayPauseSequence');
      const { Time } = await api.call('GetAnimationPlayingStatus');
      if (Time !== undefined) set({ currentFrame: frameAtTime(Time, get().fps) });
    },

    stop: async () => {
      poller.stop();
      set({ isPlaying: false, currentFrame: 0 });
      if (get().sequencePath) await engine().call('StopSequence');
    },

    goToEnd: async () => {
      await get().seek(endFrameOf(get().frames, get().fps));
    },

    seek: async (frame) => {
      set({ currentFrame: Math.max(0, Math.round(frame)) });
      if (get().isPlaying) return false;
      if (get().frames.length === 0) return true;
      const api = engine();
      const SequencePath = await ensureSequence(api);
      await api.call('GotoSequenceFrameWithPath', { SequencePath, Frame: get().currentFrame });
      return true;
    },

    save: async () => {
      const creating = get().presetId === null;
      set({ isSaving: true });
      try {
        await uploads;
        const { frames } = get();
        if (frames.length === 0) throw new Error('an animation needs at least one frame');
        if (followed) await ensureSequence(followed);
        const { name, category, fps, groupId, presetId, isDirty } = get();
        if (presetId && !isDirty) return SUCCESS_TOASTS.animationUpdated;
        const body = { name, category: category.trim(), settings: JSON.stringify(settingsOf(frames, fps)), groupId };
        const preset = presetId ? await updateAnimationPreset(presetId, body) : await createAnimationPreset(body);
        set((state) => ({
          presetId: preset.id,
          groupId: preset.groupId ?? state.groupId,
          previewImageMapping: { ...state.previewImageMapping, ...preset.previewImageMapping },
          // A change made while saving is not saved yet.
          isDirty: state.frames !== frames || state.name !== name || state.category !== category,
        }));
        return creating ? SUCCESS_TOASTS.animationSaved : SUCCESS_TOASTS.animationUpdated;
      } catch (error) {
        throw new Error(creating ? FAILURE_TOASTS.saveSequence : FAILURE_TOASTS.updateSequence, { cause: error });
      } finally {
        set({ isSaving: false });
      }
    },
  };
});
