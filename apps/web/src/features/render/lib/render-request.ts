import {
  CUSTOM_RESOLUTION,
  MAX_RENDER_RESOLUTION,
  RENDER_QUALITY_SAMPLES,
  TIMELINE_FPS,
  renderSamples,
  type RenderMetadata,
  type SavedConfigSettings,
  type MatrixRenderRequestInput,
  type MatrixViewName,
  type StillRenderRequestInput,
  type TurntableFrameCount,
  type TurntableRequestInput,
  type VideoRenderRequestInput,
} from '@autostudio/protocol';
import type { RenderQuality, StillSettings, VideoSettings } from '../stores/render-settings-store';

/** The smallest picture a render makes, each side (the render request's schema). */
export const MIN_RENDER_SIDE = 16;

/** What the render records the result as; the configuration's settings go beside it. */
export type RenderMetadataFields = Pick<RenderMetadata, 'name' | 'description' | 'category' | 'brand' | 'configId'>;

/** Why a custom side cannot be rendered, or null when it can. */
export function sideError(label: 'Width' | 'Height', value: string): string | null {
  const max = label === 'Width' ? MAX_RENDER_RESOLUTION.width : MAX_RENDER_RESOLUTION.height;
  const number = Number(value);
  if (value.trim() === '' || !Number.isInteger(number) || number < MIN_RENDER_SIDE || number > max)
    return `${label} is a whole number of pixels from ${MIN_RENDER_SIDE} to ${max}`;
  return null;
}

const size = (settings: StillSettings | VideoSettings) =>
  settings.resolutionPreset === CUSTOM_RESOLUTION
    ? { resolutionPreset: settings.resolutionPreset, customResolution: settings.customResolution }
    : { resolutionPreset: settings.resolutionPreset };

/** What a still and a matrix share: size, format, samples, shadows and quality (the image dialog's). */
const imageFields = (settings: StillSettings) => ({
  ...size(settings),
  imageFormat: settings.imageFormat,
  antiAliasSpatial: settings.antiAliasSpatial,
  antiAliasTemporal: settings.antiAliasTemporal,
  carShadowMode: settings.carShadowMode,
  quality: settings.quality,
});

/** POST /render-workflow's body: the dialog's settings, the studio as it is now, and the metadata. */
export function stillRenderRequest(
  settings: StillSettings,
  metadata: RenderMetadataFields,
  scene: SavedConfigSettings,
): StillRenderRequestInput {
  return {
    renderType: settings.renderType,
    // The passes matter to a Multi Pass render only; the others send none.
    selectedPasses: settings.renderType === 'Multi Pass' ? settings.selectedPasses : [],
    ...imageFields(settings),
    settings: scene,
    metadata,
  };
}

/** POST /render-video-workflow's body: a preset animation's name, or the id of the user's sequence. */
export function videoRenderRequest(
  settings: VideoSettings,
  metadata: RenderMetadataFields,
  scene: SavedConfigSettings,
): VideoRenderRequestInput {
  const custom = settings.animationType === 'custom';
  return {
    animationType: settings.animationType,
    selectedAnimation: custom ? (settings.selectedCustomAnimation ?? '') : settings.selectedAnimation,
    ...size(settings),
    videoFormat: settings.videoFormat,
    antiAliasSpatial: settings.antiAliasSpatial,
    antiAliasTemporal: settings.antiAliasTemporal,
    quality: settings.quality,
    settings: scene,
    metadata,
  };
}

/** POST /render-matrix-workflow's body: the image dialog's look and size for every trim × paint chosen. */
export function matrixRenderRequest(
  settings: StillSettings,
  variants: { trims: string[]; paints: string[]; views?: MatrixViewName[]; environments?: string[] },
  metadata: RenderMetadataFields,
  scene: SavedConfigSettings,
): MatrixRenderRequestInput {
  return { ...variants, ...imageFields(settings), settings: scene, metadata };
}

/** One line on what a quality means at the chosen anti-aliasing, in samples per image (RENDER_QUALITY_SAMPLES). */
export function qualityNote(quality: RenderQuality, spatial: number, temporal: number): string {
  const raster = renderSamples(quality, spatial, temporal, false).samples;
  if (!RENDER_QUALITY_SAMPLES[quality].pathTraced) {
    const share = quality === 'LOW' ? 'a quarter of the samples, a quick draft' : 'the full samples, raster';
    return `${raster} samples per image: ${share}.`;
  }
  const traced = renderSamples(quality, spatial, temporal, true).samples;
  return `${traced} path-traced samples per image on a GPU engine (${raster} raster samples elsewhere).`;
}

/** "360 frames · 15 s" at the timeline's 24 fps. */
export function framesAndDuration(frames: number, fps: number = TIMELINE_FPS): string {
  const seconds = frames / fps;
  const shown = Number.isInteger(seconds) ? String(seconds) : seconds.toFixed(1);
  return `${frames} frames · ${shown} s`;
}

/** POST /render-turntable-workflow's body: the image dialog's size and quality, the frames and the video asked for. */
export function turntableRenderRequest(
  settings: StillSettings,
  turn: { frames: TurntableFrameCount; videoFormat: VideoSettings['videoFormat'] | null },
  metadata: RenderMetadataFields,
  scene: SavedConfigSettings,
): TurntableRequestInput {
  return { ...turn, ...imageFields(settings), settings: scene, metadata };
}
