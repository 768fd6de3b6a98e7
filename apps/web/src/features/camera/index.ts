export { CameraPanel } from './components/camera-panel';
