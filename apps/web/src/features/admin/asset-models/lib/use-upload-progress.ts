import { useCallback, useEffect, useState } from 'react';
import { throttleProgress, type UploadProgress } from './upload-progress';

/**
 * Upload progress as React state, set at most once a frame however fast the browser reports bytes sent. `report`
 * is stable, for passing to the upload; `finish` shows the last figure at once; `reset` clears the bar.
 */
export function useUploadProgress() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [throttle] = useState(() => throttleProgress(setProgress));
  useEffect(() => () => throttle.cancel(), [throttle]);
  const reset = useCallback(() => {
    throttle.cancel();
    setProgress(null);
  }, [throttle]);
  return { progress, report: throttle.report, finish: throttle.flush, reset };
}
