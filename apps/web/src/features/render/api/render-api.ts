import { useQuery } from '@tanstack/react-query';
import {
  API_ROUTES,
  pathTo,
  renderEstimatesSchema,
  renderJobSchema,
  type RenderJob,
  type StillRenderRequestInput,
  type VideoRenderRequestInput,
} from '@autostudio/protocol';
import { apiRequest } from '@/lib/api-client';

/** POST /render-workflow (spec §7): queues a still; answers the queued job. */
export function startStillRender(request: StillRenderRequestInput): Promise<RenderJob> {
  return apiRequest(API_ROUTES.render.still, { method: 'POST', body: request, schema: renderJobSchema });
}

/** POST /render-video-workflow (spec §7): queues a video; answers the queued job. */
export function startVideoRender(request: VideoRenderRequestInput): Promise<RenderJob> {
  return apiRequest(API_ROUTES.render.video, { method: 'POST', body: request, schema: renderJobSchema });
}

/** GET /render-workflow-status/{jobId}: the job's status, progress, message, error and outputs. */
export function fetchRenderStatus(jobId: string, signal?: AbortSignal): Promise<RenderJob> {
  return apiRequest(pathTo(API_ROUTES.render.status, { jobId }), {
    schema: renderJobSchema,
    ...(signal ? { signal } : {}),
  });
}

/** DELETE /render-workflow/{jobId}: stops the render; the job and its partial output are deleted. */
export async function cancelRenderJob(jobId: string): Promise<void> {
  await apiRequest(pathTo(API_ROUTES.render.cancel, { jobId }), { method: 'DELETE' });
}

/**
 * GET /render-estimates: how long renders take on this installation, learnt from finished ones. Read each time a
 * render dialog opens (`enabled`), so a render that finished since counts.
 */
export function useRenderEstimates(enabled: boolean) {
  return useQuery({
    queryKey: ['render', 'estimates'],
    queryFn: ({ signal }) => apiRequest(API_ROUTES.render.estimates, { schema: renderEstimatesSchema, signal }),
    enabled,
    staleTime: 0,
  });
}
