import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { renderedAssetKeys } from '@/api/rendered-assets';
import { useRenderJobsStore } from '@/features/render';

/**
 * The gallery fills as renders complete: each render this tab follows that reaches completed marks the cached
 * renders stale, so an open gallery (or the console's list) fetches its page again and shows it, newest first.
 */
export function useFollowCompletedRenders(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      useRenderJobsStore.subscribe((state, previous) => {
        const completed = state.jobs.some(
          (job) =>
            job.status === 'completed' &&
            job.renderedAssetId &&
            previous.jobs.find((entry) => entry.id === job.id)?.status !== 'completed',
        );
        if (completed) void client.invalidateQueries({ queryKey: renderedAssetKeys.lists() });
      }),
    [client],
  );
}
