export * from './api/presets-api';
export { PRESET_BROWSER_TYPE, usePresetBrowserStore, type PresetBrowserState } from './stores/preset-browser-store';
