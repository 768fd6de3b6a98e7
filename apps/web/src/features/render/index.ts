// The dialogs and the progress panel are not exported here: the studio loads them by path (the /home budget).
export type { RenderDialogProps } from './components/render-dialog';
export type { VideoDialogProps } from './components/video-dialog';
export { useRenderJobsStore, type RenderJobEntry, type RenderStatus } from './stores/render-jobs-store';
