// The dialogs are not exported here: the studio loads them by path when first opened (the /home budget).
export type { ConfigurationBrowserProps } from './components/configuration-browser';
export type { SaveConfigurationDialogProps } from './components/save-configuration-dialog';
export { captureSnapshot } from './lib/snapshot';
export { savedSettingsOf } from './lib/studio-settings';
export { useConfigurationStore } from './stores/configuration-store';
