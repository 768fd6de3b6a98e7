export { StreamViewport, type StreamViewportProps } from './components/stream-viewport';
