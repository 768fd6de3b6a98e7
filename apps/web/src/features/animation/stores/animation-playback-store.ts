import { PRESET_ANIMATION_SHOTS, type PRESET_ANIMATIONS } from '@autostudio/protocol';
import { create } from 'zustand';
import type { RemoteApi } from '@/lib/remote-control/remote-api';
import { PlaybackPoller } from '../lib/playback-poller';

export type PresetAnimationName = (typeof PRESET_ANIMATIONS)[number]['name'];
/** Spec §3 "Simple animation playing state". */
export type PlaybackState = 'idle' | 'playing' | 'paused';

export interface AnimationPlaybackState {
  state: PlaybackState;
  /** The preset animation chosen last; null before any. */
  animation: PresetAnimationName | null;
  /** Seconds into it, as the engine last said. */
  time: number;

  /** Plays a preset animation in the viewport from its start (spec §4: selecting an animation sets playing). */
  play: (animation: PresetAnimationName) => Promise<void>;
  /** Pauses, or resumes when paused. */
  togglePause: () => Promise<void>;
  /** Stops: back to idle. */
  stop: () => Promise<void>;
  /** The attached engine (`useFollowEngine`): another one has none of this one's sequences, and nothing plays there. */
  followEngine: (api: RemoteApi | null) => void;
}

export const useAnimationPlaybackStore = create<AnimationPlaybackState>()((set, get) => {
  /** The engine's sequence of each preset animation, made once per engine. */
  let paths = new Map<PresetAnimationName, string>();

  /** Polled every 100 ms (spec §9) while playing; the engine saying it stopped ends playing. */
  const poller = new PlaybackPoller(({ Playing, Time }) => {
    if (get().state !== 'playing') return;
    set({ time: Time ?? get().time, ...(Playing ? {} : { state: 'idle' }) });
  });

  /** The attached engine, as `followEngine` was last told; the sequences in `paths` were made in it. */
  let followed: RemoteApi | null = null;

  const engine = (): RemoteApi => {
    if (!followed) throw new Error('No engine attached');
    return followed;
  };

  return {
    state: 'idle',
    animation: null,
    time: 0,

    followEngine: (api) => {
      if (api === followed) return;
      followed = api;
      poller.stop();
      paths = new Map();
      set({ state: 'idle', time: 0 });
    },

    play: async (animation) => {
      const api = engine();
      poller.stop();
      let SequencePath = paths.get(animation);
      if (!SequencePath) {
        const created = await api.call('CreateSequence', {
          Name: animation,
          Keyframes: PRESET_ANIMATION_SHOTS[animation].Keyframes,
        });
        SequencePath = created.SequencePath;
        paths.set(animation, SequencePath);
      }
      await api.call('PlaySequenceWithPath', { SequencePath });
      set({ state: 'playing', animation, time: 0 });
      poller.start(api);
    },

    togglePause: async () => {
      const { state } = get();
      if (state === 'idle') return;
      const api = engine();
      await api.call('PlayPauseSequence');
      if (state === 'playing') {
        poller.stop();
        set({ state: 'paused' });
      } else {
        set({ state: 'playing' });
        poller.start(api);
      }
    },

    stop: async () => {
      poller.stop();
      const wasIdle = get().state === 'idle';
      set({ state: 'idle', time: 0 });
      if (!wasIdle) await engine().call('StopSequence');
    },
  };
});
