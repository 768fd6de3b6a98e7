import {
  type ANIMATION_TYPES,
  CUSTOM_RESOLUTION,
  type IMAGE_FORMATS,
  IMAGE_RENDER_DEFAULTS,
  PRESET_ANIMATIONS,
  RENDER_PASSES,
  type RenderQuality,
  type RENDER_TYPES,
  RESOLUTION_PRESETS,
  type SHADOW_MODES,
  type VIDEO_FORMATS,
  VIDEO_RENDER_DEFAULTS,
  type Resolution,
  type ResolutionPresetName,
} from '@autostudio/protocol';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type RenderType = (typeof RENDER_TYPES)[number];
export type RenderPass = (typeof RENDER_PASSES)[number];
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export type VideoFormat = (typeof VIDEO_FORMATS)[number];
export type ShadowMode = (typeof SHADOW_MODES)[number];
export type { RenderQuality };
export type AnimationType = (typeof ANIMATION_TYPES)[number];
export type PresetAnimationName = (typeof PRESET_ANIMATIONS)[number]['name'];

/** The size both dialogs share: a preset, or custom with its own width and height. */
interface SizeSettings {
  resolutionPreset: ResolutionPresetName;
  /** Spec §9: a non-custom preset sets it to the preset's size, so choosing custom starts from the last preset. */
  customResolution: Resolution;
}

/** Spec §3 "Render settings" without the metadata, which each opening of the dialog starts afresh. */
export interface StillSettings extends SizeSettings {
  renderType: RenderType;
  selectedPasses: RenderPass[];
  imageFormat: ImageFormat;
  antiAliasSpatial: number;
  antiAliasTemporal: number;
  carShadowMode: ShadowMode;
  quality: RenderQuality;
}

/** Spec §3 "Video settings". */
export interface VideoSettings extends SizeSettings {
  animationType: AnimationType;
  /** The preset animation chosen (animationType preset). */
  selectedAnimation: PresetAnimationName;
  /** The id of the user's own sequence, an animation preset, chosen (animationType custom). */
  selectedCustomAnimation: string | null;
  videoFormat: VideoFormat;
  antiAliasSpatial: number;
  antiAliasTemporal: number;
  quality: RenderQuality;
}

export type SettingsTarget = 'still' | 'video';

export interface RenderSettingsState {
  still: StillSettings;
  video: VideoSettings;
  updateStill: (changes: Partial<StillSettings>) => void;
  updateVideo: (changes: Partial<VideoSettings>) => void;
  /** Spec §5: a non-custom preset also sets the custom resolution to its size. */
  setResolutionPreset: (target: SettingsTarget, preset: ResolutionPresetName) => void;
  setCustomResolution: (target: SettingsTarget, resolution: Resolution) => void;
  /** Spec §5: toggling a render pass adds or removes it from the selection. */
  togglePass: (pass: RenderPass) => void;
  /** Spec §4: choosing a preset animation sets the animation type to preset. */
  chooseAnimation: (name: PresetAnimationName) => void;
  /** Spec §4: choosing a sequence sets the animation type to custom. */
  chooseSequence: (id: string) => void;
  /** Back to the defaults of spec §9. */
  reset: () => void;
}

const sizeOf = (preset: ResolutionPresetName, fallback: Resolution): Resolution =>
  preset === CUSTOM_RESOLUTION ? fallback : { ...RESOLUTION_PRESETS[preset] };

/** Spec §9 "Image defaults": 1080p, JPG, anti-aliasing 8 and 8, Color ID, MEDIUM; shadows WithGround. */
export const STILL_DEFAULTS: StillSettings = {
  renderType: 'Default',
  selectedPasses: [...IMAGE_RENDER_DEFAULTS.selectedPasses],
  resolutionPreset: IMAGE_RENDER_DEFAULTS.resolutionPreset,
  customResolution: { ...RESOLUTION_PRESETS[IMAGE_RENDER_DEFAULTS.resolutionPreset] },
  imageFormat: IMAGE_RENDER_DEFAULTS.imageFormat,
  antiAliasSpatial: IMAGE_RENDER_DEFAULTS.antiAliasSpatial,
  antiAliasTemporal: IMAGE_RENDER_DEFAULTS.antiAliasTemporal,
  carShadowMode: 'WithGround',
  quality: IMAGE_RENDER_DEFAULTS.quality,
};

/** Spec §9 "Video defaults": 720p, MP4; the first preset animation; the image anti-aliasing and quality. */
export const VIDEO_DEFAULTS: VideoSettings = {
  animationType: 'preset',
  selectedAnimation: PRESET_ANIMATIONS[0].name,
  selectedCustomAnimation: null,
  resolutionPreset: VIDEO_RENDER_DEFAULTS.resolutionPreset,
  customResolution: { ...RESOLUTION_PRESETS[VIDEO_RENDER_DEFAULTS.resolutionPreset] },
  videoFormat: VIDEO_RENDER_DEFAULTS.videoFormat,
  antiAliasSpatial: IMAGE_RENDER_DEFAULTS.antiAliasSpatial,
  antiAliasTemporal: IMAGE_RENDER_DEFAULTS.antiAliasTemporal,
  quality: VIDEO_RENDER_DEFAULTS.quality,
};

/** Where the tab keeps the dialogs' last choices: a reopened dialog shows them. */
export const RENDER_SETTINGS_STORAGE_KEY = 'autostudio.renderSettings';

export const useRenderSettingsStore = create<RenderSettingsState>()(
  persist(
    (set) => ({
      still: STILL_DEFAULTS,
      video: VIDEO_DEFAULTS,
      updateStill: (changes) => set((state) => ({ still: { ...state.still, ...changes } })),
      updateVideo: (changes) => set((state) => ({ video: { ...state.video, ...changes } })),
      setResolutionPreset: (target, preset) =>
        set((state) => {
          const current = state[target];
          return {
            [target]: {
              ...current,
              resolutionPreset: preset,
              customResolution: sizeOf(preset, current.customResolution),
            },
          };
        }),
      setCustomResolution: (target, resolution) =>
        set((state) => ({ [target]: { ...state[target], customResolution: { ...resolution } } })),
      togglePass: (pass) =>
        set(({ still }) => {
          const selected = still.selectedPasses.includes(pass)
            ? still.selectedPasses.filter((chosen) => chosen !== pass)
            : // Kept in the catalogue's order, whatever order they were toggled in.
              RENDER_PASSES.filter((known) => known === pass || still.selectedPasses.includes(known));
          return { still: { ...still, selectedPasses: selected } };
        }),
      chooseAnimation: (name) =>
        set(({ video }) => ({ video: { ...video, animationType: 'preset', selectedAnimation: name } })),
      chooseSequence: (id) =>
        set(({ video }) => ({ video: { ...video, animationType: 'custom', selectedCustomAnimation: id } })),
      reset: () => set({ still: STILL_DEFAULTS, video: VIDEO_DEFAULTS }),
    }),
    {
      name: RENDER_SETTINGS_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      version: 1,
      partialize: ({ still, video }) => ({ still, video }),
      // Over the defaults: a setting added after the tab stored its choices starts at its default.
      merge: (stored, current) => {
        const kept = (stored ?? {}) as Partial<Pick<RenderSettingsState, 'still' | 'video'>>;
        return {
          ...current,
          still: { ...current.still, ...kept.still },
          video: { ...current.video, ...kept.video },
        };
      },
    },
  ),
);
