import { ImageUp, X } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { UPLOAD_IMAGE_KINDS, type Upload, type UploadImageKind } from '@autostudio/protocol';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { acceptFor } from '@/lib/uploads/image-file-check';
import { useImageUpload } from '@/lib/uploads/use-image-upload';

export interface ImageUploadFieldProps {
  label: string;
  kind?: UploadImageKind;
  /** What the engine has now: its name and preview. */
  current?: { selectedImageName: string; previewUrl: string } | undefined;
  /**
   * Hands the finished upload on (to the engine). A rejection is shown in the field as the upload's error; the
   * field stays usable for another try.
   */
  onUploaded: (upload: Upload) => Promise<void>;
  onClear?: () => void;
}

/**
 * Choose or drop an image, watch it upload, see it: spec §3's upload state (idle, loading with progress, success,
 * error with the spec's message) for the backplate, the HDRI backdrop and the custom composition guide.
 */
export function ImageUploadField({ label, kind = 'image', current, onUploaded, onClear }: ImageUploadFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useImageUpload(kind);
  const [applying, setApplying] = useState(false);
  const [applyError, setApplyError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const take = async (file: File | undefined) => {
    if (!file) return;
    setApplyError(null);
    const done = await upload.upload(file);
    if (!done) return;
    setApplying(true);
    try {
      await onUploaded(done);
      upload.reset();
    } catch (error) {
      setApplyError(error instanceof Error ? error.message : String(error));
    } finally {
      setApplying(false);
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files[0]);
  };

  const busy = upload.status === 'loading' || applying;
  const error = upload.status === 'error' ? upload.error : applyError;
  const preview = upload.status === 'loading' ? upload.previewUrl : (current?.previewUrl ?? null);
  const name =
    upload.status === 'idle' || upload.status === 'success' ? current?.selectedImageName : upload.selectedImageName;
  return (
    <div className="space-y-1.5">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex items-center gap-2 rounded-md border border-dashed border-border bg-surface-raised/60 p-1.5',
          dragging && 'border-primary bg-primary/10',
        )}
      >
        <div className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded bg-muted">
          {preview && kind === 'image' ? (
            <img src={preview} alt={`${label} preview`} className="size-full object-cover" />
          ) : (
            <ImageUp className="size-4 text-muted-foreground" aria-hidden />
          )}
        </div>
        <div className="min-w-0 flex-1">
          <p className="truncate text-[12px]" title={name ?? undefined}>
            {name ?? <span className="text-muted-foreground">No image</span>}
          </p>
          <p className="text-[11px] text-muted-foreground">
            {busy
              ? applying
                ? 'Applying…'
                : `Uploading… ${Math.round(upload.progress)}%`
              : `${UPLOAD_IMAGE_KINDS[kind].label}, or drop a file here`}
          </p>
        </div>
        <input
          ref={input}
          id={id}
          type="file"
          accept={acceptFor(kind)}
          className="sr-only"
          aria-label={`${label} file`}
          tabIndex={-1}
          onChange={(event) => {
            void take(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => input.current?.click()}>
          {current ? 'Replace…' : 'Choose…'}
        </Button>
        {current && onClear && (
          <Button variant="ghost" size="icon" aria-label={`Remove ${label.toLowerCase()}`} onClick={onClear}>
            <X aria-hidden />
          </Button>
        )}
      </div>
      {busy && (
        <div
          role="progressbar"
          aria-label={`${label} upload`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(applying ? 100 : upload.progress)}
          className="h-1 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full bg-primary transition-[width]"
            style={{ width: `${applying ? 100 : upload.progress}%` }}
          />
        </div>
      )}
      {error && (
        <p role="alert" className="text-[11px] text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
