import type { StillRenderRequestInput } from '@autostudio/protocol';

/**
 * The body of a small still (192×108, LOW, one sample each way) for the render API, as the studio's Render button
 * would send it: quick enough for a browser test on two cores.
 */
export function smallStill(metadata: StillRenderRequestInput['metadata']): StillRenderRequestInput {
  return {
    resolutionPreset: 'custom',
    customResolution: { width: 192, height: 108 },
    quality: 'LOW',
    antiAliasSpatial: 1,
    antiAliasTemporal: 1,
    settings: {},
    metadata,
  };
}
