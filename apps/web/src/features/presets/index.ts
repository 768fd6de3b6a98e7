export * from './api/presets-api';
export {
  createPresetBrowserStore,
  PRESET_BROWSER_TYPE,
  usePresetBrowserStore,
  type PresetBrowserState,
  type PresetBrowserTexts,
} from './stores/preset-browser-store';
export { applyPreset, currentLook, lookOf } from './lib/apply-preset';
export { PresetBrowser, type PresetBrowserProps } from './components/preset-browser';
