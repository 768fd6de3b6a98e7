export { CameraPanel } from './components/camera-panel';
export { spotAction, type CameraSpot } from './actions';
