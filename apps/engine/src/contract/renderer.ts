import type { ImageLayer, ImageRequest, ImageUse, ModelParts, StillOptions } from './render-contract.js';
import type { CarModelFormat } from '@autostudio/protocol';
import type { ModelPaint } from './model-paints.js';
import type { SceneState } from './scene-state.js';

export type { ImageLayer, ImageRequest, ImageUse, ModelParts, StillOptions };

/**
 * The seam between the Remote Control side (scene state, functions, HTTP) and the picture. The Chromium
 * implementation draws with three.js; the API's conformance tests use the same interface.
 */
export interface Renderer {
  /** Launches and draws the first frame, so the engine reports ready only when it can answer with pictures. */
  start(initial: SceneState): Promise<void>;
  /** Draws the new state (on demand, never in a loop). */
  apply(state: SceneState): Promise<void>;
  /**
   * Loads a car model file (GLB or glTF) from the engine's folder; resolves to what the model offers. `paints` are the
   * model's own (from its manifest): a state's paint is then one of them.
   */
  loadModel(filePath: string, paints?: ModelPaint[]): Promise<ModelParts>;
  /**
   * Whether the picture can show an image file of the engine's folder (`image` is its path inside it) as `use`
   * reads it. Without it every image fetched is taken as it is. `keepAs`: the path the image will have once taken,
   * under which the picture may keep what it decoded.
   */
  decodes?(image: string, use: ImageUse, keepAs?: string): Promise<boolean>;
  /** A still of the current view; stops at its next sample, rejecting, once `signal` aborts (nobody waits for it). */
  still(options: StillOptions, signal?: AbortSignal): Promise<Buffer>;
  /**
   * One view of a production render, every layer asked for (see EnginePageApi.renderImage); `onProgress` hears the
   * samples done so far. Rejects when `cancelImage` stopped it.
   */
  renderImage(request: ImageRequest, onProgress: (samplesDone: number) => void): Promise<Map<ImageLayer, Buffer>>;
  /** Stops the request of this id at its next sample, without waiting behind it. */
  cancelImage(id: string): Promise<void>;
  /** The car as the last applied state shows it (trim, paint, doors), as a GLB or USDZ file. */
  exportCar(format: CarModelFormat): Promise<Buffer>;
  /** Whether production renders may path trace here (a GPU, or `--path-tracing on`): HIGH quality's condition. */
  canPathTrace(): boolean;
  /** Players of the stream may ask for frames of their viewport's size; the engine decides what to grant. */
  onViewportRequest?(handler: (width: number, height: number) => void): void;
  /** Ends every stream viewer's connection (on reset, before the engine is lent to its next user). */
  dropViewers?(): Promise<void>;
  close(): Promise<void>;
}
