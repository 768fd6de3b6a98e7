import type { ModelParts, StillOptions } from './render-contract.js';
import type { SceneState } from './scene-state.js';

export type { ModelParts, StillOptions };

/**
 * The seam between the Remote Control side (scene state, functions, HTTP) and the picture. The Chromium
 * implementation draws with three.js; the API's conformance tests use the same interface.
 */
export interface Renderer {
  /** Launches and draws the first frame, so the engine reports ready only when it can answer with pictures. */
  start(initial: SceneState): Promise<void>;
  /** Draws the new state (on demand, never in a loop). */
  apply(state: SceneState): Promise<void>;
  /** Loads a car model file (GLB or glTF) from the engine's folder; resolves to what the model offers. */
  loadModel(filePath: string): Promise<ModelParts>;
  still(options: StillOptions): Promise<Buffer>;
  /** Players of the stream may ask for frames of their viewport's size; the engine decides what to grant. */
  onViewportRequest?(handler: (width: number, height: number) => void): void;
  /** Ends every stream viewer's connection (on reset, before the engine is lent to its next user). */
  dropViewers?(): Promise<void>;
  close(): Promise<void>;
}
