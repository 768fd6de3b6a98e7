export { LightsPanel } from './components/lights-panel';
