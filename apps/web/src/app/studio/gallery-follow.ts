import { useGalleryStore } from '@/features/gallery';
import { useRenderJobsStore } from '@/features/render';

/**
 * The gallery fills as renders complete: each render this tab follows that reaches completed hands its rendered
 * asset to the gallery, which shows it at once if open. Answers the unsubscribe.
 */
export function followCompletedRenders(): () => void {
  return useRenderJobsStore.subscribe((state, previous) => {
    for (const job of state.jobs) {
      if (job.status !== 'completed' || !job.renderedAssetId) continue;
      const before = previous.jobs.find((entry) => entry.id === job.id);
      if (before?.status === 'completed') continue;
      useGalleryStore.getState().renderCompleted(job.renderedAssetId);
    }
  });
}
