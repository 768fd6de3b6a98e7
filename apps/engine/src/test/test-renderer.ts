import type { CarModelFormat } from '@autostudio/protocol';
import type { ModelPaint } from '../contract/model-paints.js';
import type { ImageLayer, ImageRequest, ModelParts, Renderer, StillOptions } from '../contract/renderer.js';
import { requestSamples } from '../contract/render-contract.js';
import type { SceneState } from '../contract/scene-state.js';

/** A real 1 × 1 PNG: a stand-in for pixels only, which the renderer's own tests check for real. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

export type RendererCall =
  | { kind: 'start'; state: SceneState }
  | { kind: 'apply'; state: SceneState }
  | { kind: 'loadModel'; filePath: string; paints?: ModelPaint[] }
  | { kind: 'still'; options: StillOptions }
  | { kind: 'image'; request: ImageRequest }
  | { kind: 'exportCar'; format: CarModelFormat }
  | { kind: 'close' };

/**
 * Implements the renderer seam by recording every call. `loadModel` answers what `modelParts` says for a file name,
 * so tests choose what a "model" offers without a browser.
 */
export class TestRenderer implements Renderer {
  readonly calls: RendererCall[] = [];
  modelParts: (filePath: string) => ModelParts = () => ({
    doors: ['DOOR_FL', 'DOOR_FR', 'DOOR_RL', 'DOOR_RR'],
    lamps: ['HeadLamps1', 'TailLamps1'],
    hasPaint: true,
    trims: [],
  });

  start(initial: SceneState): Promise<void> {
    this.calls.push({ kind: 'start', state: structuredClone(initial) });
    return Promise.resolve();
  }

  apply(state: SceneState): Promise<void> {
    this.calls.push({ kind: 'apply', state: structuredClone(state) });
    return Promise.resolve();
  }

  loadModel(filePath: string, paints?: ModelPaint[]): Promise<ModelParts> {
    this.calls.push({ kind: 'loadModel', filePath, ...(paints ? { paints } : {}) });
    return Promise.resolve(this.modelParts(filePath));
  }

  still(options: StillOptions): Promise<Buffer> {
    this.calls.push({ kind: 'still', options });
    return Promise.resolve(TINY_PNG);
  }

  /** Each layer a tiny PNG, its samples reported at once. */
  async renderImage(
    request: ImageRequest,
    onProgress: (samplesDone: number) => void,
  ): Promise<Map<ImageLayer, Buffer>> {
    this.calls.push({ kind: 'image', request: structuredClone(request) });
    await Promise.resolve();
    onProgress(requestSamples(request));
    return new Map(request.layers.map(({ layer }) => [layer, TINY_PNG]));
  }

  /** The format's name as the file: the exporters are tested for real in the renderer's own tests. */
  exportCar(format: CarModelFormat): Promise<Buffer> {
    this.calls.push({ kind: 'exportCar', format });
    return Promise.resolve(Buffer.from(format));
  }

  cancelImage(): Promise<void> {
    return Promise.resolve();
  }

  canPathTrace(): boolean {
    return false;
  }

  close(): Promise<void> {
    this.calls.push({ kind: 'close' });
    return Promise.resolve();
  }

  lastState(): SceneState | undefined {
    for (let i = this.calls.length - 1; i >= 0; i -= 1) {
      const call = this.calls[i];
      if (call && (call.kind === 'apply' || call.kind === 'start')) return call.state;
    }
    return undefined;
  }
}
