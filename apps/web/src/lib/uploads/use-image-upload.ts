import { useCallback, useEffect, useRef, useState } from 'react';
import type { Upload, UploadImageKind } from '@autostudio/protocol';
import { imageFileProblem } from './image-file-check';
import { uploadImage } from './upload-image';

/** Spec §3 "Upload status". */
export type UploadStatus = 'idle' | 'loading' | 'success' | 'error';

/** Spec §3 "Upload state for image, backplate and backdrop", plus the progress of the upload under way. */
export interface ImageUploadState {
  selectedImageName: string | null;
  /** The picked file while it uploads (a local object URL), then the upload's own URL. */
  previewUrl: string | null;
  imageId: string | null;
  status: UploadStatus;
  error: string | null;
  /** 0–100. */
  progress: number;
}

export const IDLE_UPLOAD: ImageUploadState = {
  selectedImageName: null,
  previewUrl: null,
  imageId: null,
  status: 'idle',
  error: null,
  progress: 0,
};

export interface ImageUpload extends ImageUploadState {
  /** Checks and uploads the file; resolves with the upload, or null when it was refused, failed or replaced. */
  upload(file: File): Promise<Upload | null>;
  /** Back to idle; an upload under way is cancelled. */
  reset(): void;
}

/**
 * The upload state of one image slot (backplate, HDRI backdrop, composition guide): checks the picked file's type
 * (`kind`: pictures, or HDR/EXR for the HDRI), uploads it with progress, and keeps the spec's state. A newer pick
 * cancels the one under way. Panels hand the resulting imageId to the engine through an engine link.
 */
export function useImageUpload(kind: UploadImageKind = 'image'): ImageUpload {
  const [state, setState] = useState<ImageUploadState>(IDLE_UPLOAD);
  const running = useRef<AbortController | null>(null);
  const objectUrl = useRef<string | null>(null);

  const releasePreview = useCallback(() => {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = null;
  }, []);

  useEffect(
    () => () => {
      running.current?.abort();
      releasePreview();
    },
    [releasePreview],
  );

  const upload = useCallback(
    async (file: File): Promise<Upload | null> => {
      running.current?.abort();
      releasePreview();
      const problem = imageFileProblem(file, kind);
      if (problem) {
        running.current = null;
        setState({ ...IDLE_UPLOAD, selectedImageName: file.name, status: 'error', error: problem });
        return null;
      }
      const abort = new AbortController();
      running.current = abort;
      // HDR and EXR files show nothing in an <img>: no preview until the server has them.
      objectUrl.current = kind === 'image' ? URL.createObjectURL(file) : null;
      setState({ ...IDLE_UPLOAD, selectedImageName: file.name, previewUrl: objectUrl.current, status: 'loading' });
      try {
        const uploaded = await uploadImage(file, {
          signal: abort.signal,
          onProgress: (progress) => {
            if (running.current === abort) setState((current) => ({ ...current, progress }));
          },
        });
        if (running.current !== abort) return null;
        running.current = null;
        releasePreview();
        setState({
          selectedImageName: file.name,
          previewUrl: uploaded.url,
          imageId: uploaded.id,
          status: 'success',
          error: null,
          progress: 100,
        });
        return uploaded;
      } catch (error) {
        if (running.current !== abort) return null;
        running.current = null;
        setState((current) => ({
          ...current,
          status: 'error',
          error: error instanceof Error ? error.message : String(error),
        }));
        return null;
      }
    },
    [kind, releasePreview],
  );

  const reset = useCallback(() => {
    running.current?.abort();
    running.current = null;
    releasePreview();
    setState(IDLE_UPLOAD);
  }, [releasePreview]);

  return { ...state, upload, reset };
}
