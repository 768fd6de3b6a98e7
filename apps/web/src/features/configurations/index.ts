export * from './api/configurations-api';
export { captureSnapshot } from './lib/snapshot';
export { savedSettingsOf } from './lib/studio-settings';
export { useConfigurationStore, type SaveRequest } from './stores/configuration-store';
