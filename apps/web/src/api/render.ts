import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  API_ROUTES,
  renderEstimatesSchema,
  renderJobSchema,
  type CarModelRequestInput,
  type MatrixRenderRequestInput,
  type RenderJob,
  type StillRenderRequestInput,
  type TurntableRequestInput,
  type VideoRenderRequestInput,
} from '@autostudio/protocol';
import { serverCall } from './server-call';

/**
 * The render service (spec §7): starting stills and videos, a job's status, cancelling it, and what renders take
 * here. How the studio follows a job (every second, strikes, cancel) is the render feature's: `features/render/hooks`.
 */

export const renderKeys = {
  all: ['render'] as const,
  estimates: () => [...renderKeys.all, 'estimates'] as const,
  jobs: () => [...renderKeys.all, 'job'] as const,
  job: (jobId: string) => [...renderKeys.jobs(), jobId] as const,
};

/** POST /render-workflow: queues a still; answers the queued job. */
export function startStillRender(request: StillRenderRequestInput): Promise<RenderJob> {
  return serverCall('post', API_ROUTES.render.still, { body: request, schema: renderJobSchema });
}

/** POST /render-video-workflow: queues a video; answers the queued job. */
export function startVideoRender(request: VideoRenderRequestInput): Promise<RenderJob> {
  return serverCall('post', API_ROUTES.render.video, { body: request, schema: renderJobSchema });
}

/** POST /render-matrix-workflow: queues every chosen trim × paint as one job; answers the queued job. */
export function startMatrixRender(request: MatrixRenderRequestInput): Promise<RenderJob> {
  return serverCall('post', API_ROUTES.render.matrix, { body: request, schema: renderJobSchema });
}

/** POST /render-turntable-workflow: queues a turn of the car as frames (and a video); answers the queued job. */
export function startTurntableRender(request: TurntableRequestInput): Promise<RenderJob> {
  return serverCall('post', API_ROUTES.render.turntable, { body: request, schema: renderJobSchema });
}

/** POST /render-car-model-workflow: queues an export of the configured car as GLB and USDZ; answers the queued job. */
export function startCarModelExport(request: CarModelRequestInput): Promise<RenderJob> {
  return serverCall('post', API_ROUTES.render.carModel, { body: request, schema: renderJobSchema });
}

/** GET /render-workflow-status/{jobId}: the job's status, progress, message, error and outputs. */
export function fetchRenderStatus(jobId: string, signal?: AbortSignal): Promise<RenderJob> {
  return serverCall('get', API_ROUTES.render.status, {
    params: { jobId },
    schema: renderJobSchema,
    ...(signal ? { signal } : {}),
  });
}

/** DELETE /render-workflow/{jobId}: stops the render; the job and its partial output are deleted. */
export function cancelRenderJob(jobId: string): Promise<void> {
  return serverCall('delete', API_ROUTES.render.cancel, { params: { jobId } });
}

/** GET /render-estimates: how long renders take on this installation, learnt from finished ones. */
export const renderEstimatesQuery = () =>
  queryOptions({
    queryKey: renderKeys.estimates(),
    queryFn: ({ signal }) => serverCall('get', API_ROUTES.render.estimates, { schema: renderEstimatesSchema, signal }),
    // Read each time a render dialog opens, so that a render finished since counts.
    staleTime: 0,
  });

/** The estimates while `enabled` (a render dialog is open). */
export const useRenderEstimates = (enabled: boolean) => useQuery({ ...renderEstimatesQuery(), enabled });
