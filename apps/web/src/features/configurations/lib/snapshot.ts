/** Previews are shown as cards and thumbnails: this wide is plenty, and keeps the upload small. */
const SNAPSHOT_WIDTH = 640;
const JPEG_QUALITY = 0.85;

/**
 * The stream's current picture as a JPEG (spec §3: the preview snapshot is captured from the video stream), or null
 * while the video has no frame yet.
 */
export function captureSnapshot(video: HTMLVideoElement, width = SNAPSHOT_WIDTH): Promise<Blob | null> {
  const { videoWidth, videoHeight } = video;
  if (videoWidth === 0 || videoHeight === 0) return Promise.resolve(null);
  const scale = Math.min(1, width / videoWidth);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(videoWidth * scale);
  canvas.height = Math.round(videoHeight * scale);
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}
