export * from './engine-settings';
export * from './engine-store';
export * from './engine-action';
export * from './use-engine-action';
export { readEngine, readCar, readSettings, fillSettings } from './read-engine';
export { ViewportInteraction } from './viewport-interaction';
export { importImage, giveImage, engineLinkFor } from './import-image';
