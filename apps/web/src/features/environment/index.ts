export { EnvironmentPanel } from './components/environment-panel';
