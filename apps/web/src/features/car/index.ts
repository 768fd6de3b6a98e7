export { CarPanel } from './components/car-panel';
