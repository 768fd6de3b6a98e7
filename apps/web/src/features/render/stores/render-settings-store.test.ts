import { beforeEach, describe, expect, it } from 'vitest';
import { RESOLUTION_PRESETS } from '@autostudio/protocol';
import { RENDER_SETTINGS_STORAGE_KEY, useRenderSettingsStore } from './render-settings-store';

const state = () => useRenderSettingsStore.getState();

describe('the render dialogs’ settings (spec §3, §5, §9)', () => {
  beforeEach(() => {
    state().reset();
  });

  it('starts at the defaults of spec §9', () => {
    expect(state().still).toEqual({
      renderType: 'Default',
      selectedPasses: ['Color ID'],
      resolutionPreset: '1080p',
      customResolution: { width: 1920, height: 1080 },
      imageFormat: 'JPG',
      antiAliasSpatial: 8,
      antiAliasTemporal: 8,
      carShadowMode: 'WithGround',
      quality: 'MEDIUM',
    });
    expect(state().video).toMatchObject({
      animationType: 'preset',
      selectedAnimation: 'Exterior 360',
      resolutionPreset: '720p',
      customResolution: { width: 1280, height: 720 },
      videoFormat: 'MP4',
      quality: 'MEDIUM',
    });
  });

  it('sets the custom resolution to a non-custom preset’s size; choosing custom keeps it to start from', () => {
    state().setResolutionPreset('still', '4k');
    expect(state().still).toMatchObject({ resolutionPreset: '4k', customResolution: RESOLUTION_PRESETS['4k'] });
    state().setResolutionPreset('still', 'custom');
    expect(state().still).toMatchObject({
      resolutionPreset: 'custom',
      customResolution: { width: 3840, height: 2160 },
    });
    state().setCustomResolution('still', { width: 192, height: 108 });
    state().setResolutionPreset('still', 'custom');
    expect(state().still.customResolution).toEqual({ width: 192, height: 108 });
    // The video's size is its own.
    expect(state().video.customResolution).toEqual(RESOLUTION_PRESETS['720p']);
    state().setResolutionPreset('video', '1080p');
    expect(state().video.customResolution).toEqual(RESOLUTION_PRESETS['1080p']);
  });

  it('adds a pass when toggled, removes it when toggled again, in the catalogue’s order', () => {
    state().togglePass('Depth');
    expect(state().still.selectedPasses).toEqual(['Color ID', 'Depth']);
    state().togglePass('Multi Layered');
    expect(state().still.selectedPasses).toEqual(['Color ID', 'Multi Layered', 'Depth']);
    state().togglePass('Color ID');
    state().togglePass('Depth');
    expect(state().still.selectedPasses).toEqual(['Multi Layered']);
  });

  it('sets the animation type: custom when a sequence is chosen, preset when a preset animation is', () => {
    state().chooseSequence('preset-42');
    expect(state().video).toMatchObject({ animationType: 'custom', selectedCustomAnimation: 'preset-42' });
    state().chooseAnimation('Interior 360');
    expect(state().video).toMatchObject({
      animationType: 'preset',
      selectedAnimation: 'Interior 360',
      selectedCustomAnimation: 'preset-42',
    });
  });

  it('keeps the last choices for the tab: a reload finds them in session storage', async () => {
    state().updateStill({ imageFormat: 'PNG', quality: 'HIGH' });
    state().setResolutionPreset('video', '4k');
    const stored = sessionStorage.getItem(RENDER_SETTINGS_STORAGE_KEY);
    expect(stored).toContain('"imageFormat":"PNG"');

    // As a reload: the defaults, then what the tab kept.
    state().reset();
    expect(state().still.imageFormat).toBe('JPG');
    sessionStorage.setItem(RENDER_SETTINGS_STORAGE_KEY, stored!);
    await useRenderSettingsStore.persist.rehydrate();
    expect(state().still).toMatchObject({ imageFormat: 'PNG', quality: 'HIGH', antiAliasSpatial: 8 });
    expect(state().video.resolutionPreset).toBe('4k');
  });
});
