export { LookPanel } from './components/look-panel';
