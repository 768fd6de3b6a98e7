// The dialogs and the progress panel are not exported here: the studio loads them by path (the /home budget).
export type { RenderDialogProps } from './components/render-dialog';
export type { VideoDialogProps } from './components/video-dialog';
export {
  dismissRender,
  useCancelRender,
  useFollowedRender,
  useRenderJobs,
  useStartRender,
  type RenderJobEntry,
} from './hooks/use-render-jobs';
export type { RenderStatus } from './lib/render-job-view';
export { useRenderJobsStore } from './stores/render-jobs-store';
