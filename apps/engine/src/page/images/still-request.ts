import type { ImageRequest, StillOptions, StillSampleLimits } from '../../contract/render-contract.js';
import { PATH_TRACE_SAMPLES, REFINE_SAMPLES } from '../viewport/idle-refinement.js';

/**
 * The image request of a still (RenderStill): its Beauty alone, of the state on show, with its own samples within
 * Node's limits (as many as Render MQ refines to unless asked), with the ground shadow, and occlusion unless turned
 * off.
 * `id`: the still's progress id when the options name none.
 */
export function stillRequest(options: StillOptions, limits: StillSampleLimits, id: string): ImageRequest {
  const pathTraced = options.renderer === 'pathTracer';
  const samples = pathTraced
    ? Math.max(1, Math.min(limits.pathTracer, options.samples ?? PATH_TRACE_SAMPLES.mq))
    : Math.max(1, Math.min(limits.raster, options.samples ?? REFINE_SAMPLES.mq));
  return {
    id: options.id ?? id,
    width: options.width,
    height: options.height,
    layers: [{ layer: 'Beauty', format: options.format }],
    samples,
    pathTraced: pathTraced ? { samples, denoise: options.denoise ?? true } : null,
    transparentBackground: Boolean(options.transparentBackground),
    ambientOcclusion: options.ambientOcclusion ?? true,
    dragScale: options.dragScale,
    groundShadow: true,
    depthRange: { near: 0, far: 1 },
    quality: options.quality,
  };
}
