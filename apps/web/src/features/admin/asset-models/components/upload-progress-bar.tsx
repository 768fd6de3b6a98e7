import { percentOf, progressText, type UploadProgress } from '../lib/upload-progress';

/** The upload's bar: percent and megabytes sent, announced to screen readers as a progress bar. */
export function UploadProgressBar({ progress, fileName }: { progress: UploadProgress; fileName: string }) {
  const percent = percentOf(progress);
  const text = progressText(progress);
  return (
    <div className="flex flex-col gap-1.5 rounded-md border border-border bg-surface px-3 py-2.5">
      <div className="flex items-baseline justify-between gap-3 text-[12px]">
        <span className="truncate text-foreground">Uploading {fileName}</span>
        <span className="shrink-0 tabular-nums text-muted-foreground">
          {percent}% · {text}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`Uploading ${fileName}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%, ${text}`}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        {/* A transform, not a width: the bar moves on the compositor, without layout, however often it changes. */}
        <div
          className="h-full origin-left rounded-full bg-primary transition-transform duration-150 ease-linear"
          style={{ transform: `scaleX(${percent / 100})` }}
        />
      </div>
    </div>
  );
}
