export {
  createPresetBrowserStore,
  PRESET_BROWSER_TYPE,
  usePresetBrowserStore,
  type PresetBrowserState,
} from './stores/preset-browser-store';
export { usePresetBrowser, type PresetBrowserResult, type PresetBrowserTexts } from './hooks/use-preset-browser';
export { applyPreset, currentLook, lookOf } from './lib/apply-preset';
export { PresetBrowser, type PresetBrowserProps } from './components/preset-browser';
