export { StreamViewport, type StreamViewportProps } from './components/stream-viewport';
export { ViewportInteraction, type InteractionRequest } from './lib/viewport-interaction';
