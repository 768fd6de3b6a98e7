import { PROGRESS_MAX, RENDER_THUMBNAIL_KIND, type RenderOutput } from '@autostudio/protocol';
import {
  AlertCircle,
  Box,
  CheckCircle2,
  ExternalLink,
  Film,
  Grid3x3,
  Image as ImageIcon,
  Rotate3d,
  X,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { RenderJobEntry } from '../hooks/use-render-jobs';
import { isRunning } from '../lib/render-job-view';
import { ItemProgressGrid } from './item-progress-grid';

/** What the panel says of a render's state (spec §4 render status). */
function statusText(entry: RenderJobEntry): string {
  switch (entry.status) {
    case 'rendering':
      return entry.jobId ? `Rendering ${entry.progress}%` : 'Starting…';
    case 'processingFile':
      return `Processing files ${entry.progress}%`;
    case 'completed':
      return 'Completed';
    case 'failed':
      return 'Failed';
    case 'idle':
      return 'Cancelling…';
  }
}

/** The label of an output's link: the image's layer (Beauty, Depth, Car…), or Video. */
const outputLabel = (output: RenderOutput) => (output.kind === 'video' ? 'Video' : output.kind);

/**
 * One link per kind of output: a layer or file as itself, and the many of one kind (a turntable's frames, a matrix's
 * variants) as one link to the first, counted ("36 frames"); the gallery shows them all.
 */
function outputLinks(files: RenderOutput[]): { url: string; label: string }[] {
  const byKind = new Map<string, RenderOutput[]>();
  for (const output of files) byKind.set(output.kind, [...(byKind.get(output.kind) ?? []), output]);
  return [...byKind.values()].map((outputs) => {
    const [first] = outputs as [RenderOutput, ...RenderOutput[]];
    return { url: first.url, label: outputs.length > 1 ? `${outputs.length} ${first.kind}s` : outputLabel(first) };
  });
}

/** A render's progress as a thin bar with its percentage; red once failed, green once done. */
export function ProgressBar({ entry }: { entry: Pick<RenderJobEntry, 'name' | 'progress' | 'status'> }) {
  const failed = entry.status === 'failed';
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={`${entry.name} progress`}
        aria-valuemin={0}
        aria-valuemax={PROGRESS_MAX}
        aria-valuenow={entry.progress}
        className="h-1 flex-1 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-500',
            failed ? 'bg-destructive' : entry.status === 'completed' ? 'bg-emerald-500' : 'bg-primary',
          )}
          style={{ width: `${entry.progress}%` }}
        />
      </div>
      <span className="w-8 text-right font-mono text-[10px] text-muted-foreground tabular-nums">{entry.progress}%</span>
    </div>
  );
}

/** What a row does: cancel a running render, dismiss a finished one. */
export interface RenderJobActions {
  cancel: (id: string) => Promise<void>;
  dismiss: (id: string) => void;
}

/** A row's icon and what it says the render is, by the job's kind. */
const KINDS: Record<RenderJobEntry['kind'], { icon: typeof Film; name: string }> = {
  still: { icon: ImageIcon, name: 'Image' },
  video: { icon: Film, name: 'Video' },
  matrix: { icon: Grid3x3, name: 'Variant matrix' },
  turntable: { icon: Rotate3d, name: 'Turntable' },
  carModel: { icon: Box, name: '3D model' },
};

function JobRow({ entry, cancel, dismiss }: { entry: RenderJobEntry } & RenderJobActions) {
  const running = isRunning(entry);
  const thumbnail = entry.outputs.find((output) => output.kind === RENDER_THUMBNAIL_KIND);
  const files = entry.outputs.filter((output) => output.kind !== RENDER_THUMBNAIL_KIND);
  const { icon: KindIcon, name: kindName } = KINDS[entry.kind];
  return (
    <li className="flex flex-col gap-1.5 px-3 py-2" aria-label={entry.name} data-status={entry.status}>
      <div className="flex items-center gap-2">
        <KindIcon className="size-3.5 shrink-0 text-muted-foreground" aria-label={kindName} />
        <span className="min-w-0 flex-1 truncate font-medium" title={entry.name}>
          {entry.name}
        </span>
        <span
          className={cn(
            'shrink-0 text-[11px] tabular-nums',
            entry.status === 'failed' ? 'text-destructive' : 'text-muted-foreground',
          )}
        >
          {entry.status === 'completed' && <CheckCircle2 className="mr-1 inline size-3 text-emerald-500" aria-hidden />}
          {entry.status === 'failed' && <AlertCircle className="mr-1 inline size-3" aria-hidden />}
          {statusText(entry)}
        </span>
        {running ? (
          <Button
            variant="ghost"
            size="sm"
            className="h-6 px-1.5 text-[11px]"
            aria-label={`Cancel ${entry.name}`}
            onClick={() => void cancel(entry.id)}
          >
            Cancel
          </Button>
        ) : (
          entry.status !== 'idle' && (
            <button
              type="button"
              aria-label={`Dismiss ${entry.name}`}
              title="Dismiss"
              onClick={() => dismiss(entry.id)}
              className="rounded p-0.5 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <X className="size-3.5" aria-hidden />
            </button>
          )
        )}
      </div>
      {entry.status !== 'completed' && <ProgressBar entry={entry} />}
      {running && entry.message && <p className="truncate text-[11px] text-muted-foreground">{entry.message}</p>}
      {entry.status !== 'completed' && entry.items.length > 1 && (
        <ItemProgressGrid name={entry.name} items={entry.items} />
      )}
      {entry.status === 'failed' && entry.error && (
        <p role="alert" className="text-[11px] leading-snug text-destructive">
          {entry.error}
        </p>
      )}
      {entry.status === 'completed' && (
        <div className="flex items-start gap-2">
          {thumbnail && (
            <a
              href={(files[0] ?? thumbnail).url}
              target="_blank"
              rel="noreferrer"
              className="shrink-0 overflow-hidden rounded border border-border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <img src={thumbnail.url} alt={`Thumbnail of ${entry.name}`} className="h-12 w-20 object-cover" />
            </a>
          )}
          <ul aria-label={`Outputs of ${entry.name}`} className="flex min-w-0 flex-1 flex-wrap gap-1">
            {outputLinks(files).map((output) => (
              <li key={output.url}>
                <a
                  href={output.url}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex h-5 items-center gap-1 rounded border border-border bg-surface-raised px-1.5 text-[11px] text-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {output.label}
                  <ExternalLink className="size-2.5 text-muted-foreground" aria-hidden />
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

/**
 * The render jobs tray over the viewport, towards its bottom right: each render with its state, progress and the
 * engine's message, Cancel while it runs, the error when it failed, the thumbnail and links to its files when done.
 * Hidden while there is none. It is inset from the corner (`data-corner-clear`), so the viewport's corner, where view
 * controls and badges sit, stays visible under it.
 */
export function RenderProgressPanel({ jobs, ...actions }: { jobs: RenderJobEntry[] } & RenderJobActions) {
  const running = jobs.filter(isRunning).length;
  if (jobs.length === 0) return null;
  return (
    <section
      aria-label="Renders"
      data-corner-clear
      className="absolute right-12 bottom-12 z-10 flex max-h-[60%] w-80 flex-col overflow-hidden rounded-lg border border-border bg-surface/95 text-[12px] shadow-xl shadow-black/40 backdrop-blur"
    >
      <header className="flex items-center justify-between border-b border-border px-3 py-1.5">
        <h2 className="text-[11px] font-semibold tracking-wider text-muted-foreground uppercase">Renders</h2>
        <span className="text-[11px] text-muted-foreground" aria-live="polite">
          {running > 0 ? `${running} running` : 'None running'}
        </span>
      </header>
      <ul className="min-h-0 divide-y divide-border overflow-y-auto">
        {jobs.map((entry) => (
          <JobRow key={entry.id} entry={entry} {...actions} />
        ))}
      </ul>
    </section>
  );
}
