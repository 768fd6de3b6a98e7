/** How far an upload has gone: bytes sent of bytes in all. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface ProgressThrottle {
  /** The browser reported more bytes sent; the newest figure is kept for the next frame. */
  report: (progress: UploadProgress) => void;
  /** Hands over the newest figure now (the upload finished) and stops waiting for a frame. */
  flush: () => void;
  /** Drops whatever waits (the dialog closed). */
  cancel: () => void;
}

export interface FrameScheduler {
  request: (callback: () => void) => number;
  cancel: (handle: number) => void;
}

const browserFrames: FrameScheduler = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (handle) => cancelAnimationFrame(handle),
};

/**
 * Passes upload progress on at most once per animation frame. A 500 MB body fires thousands of progress events;
 * setting React state on each would re-render far more often than the screen can show, so only the newest figure
 * of each frame is handed on.
 */
export function throttleProgress(
  onUpdate: (progress: UploadProgress) => void,
  frames: FrameScheduler = browserFrames,
): ProgressThrottle {
  let latest: UploadProgress | null = null;
  let handle: number | null = null;
  const deliver = () => {
    handle = null;
    if (latest) onUpdate(latest);
    latest = null;
  };
  return {
    report: (progress) => {
      latest = progress;
      handle ??= frames.request(deliver);
    },
    flush: () => {
      if (handle !== null) frames.cancel(handle);
      deliver();
    },
    cancel: () => {
      if (handle !== null) frames.cancel(handle);
      handle = null;
      latest = null;
    },
  };
}

const MB = 1024 * 1024;

/** Whole percent sent, 0–100. */
export const percentOf = ({ loaded, total }: UploadProgress): number =>
  total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;

const megabytes = (bytes: number) => {
  const value = bytes / MB;
  return value >= 100 ? value.toFixed(0) : value.toFixed(1);
};

/** "212 MB of 500 MB": what the bar says beside its percent. */
export const progressText = ({ loaded, total }: UploadProgress): string =>
  `${megabytes(Math.min(loaded, total))} MB of ${megabytes(total)} MB`;
