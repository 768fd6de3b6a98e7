import {
  CAR_MODEL_FORMAT_USES,
  CAR_MODEL_FORMATS,
  CAR_MODEL_MESSAGES,
  formatBytes,
  openDoors,
  type CarModelFormat,
  type RenderedAssetItem,
  type SavedConfigSettings,
} from '@autostudio/protocol';
import { Box, Check, Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useRenderedAssetItems } from '@/api/rendered-assets';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { paintLabel } from '@/lib/engine';
import { useFollowedRender, useStartRender } from '../hooks/use-render-jobs';
import { isRunning } from '../lib/render-job-view';
import { collectScene, MetadataFields, Section, useMetadataForm } from './render-fields';
import type { RenderDialogProps } from './render-dialog';
import { ProgressBar } from './render-progress-panel';

/** The studio's render dialogs take the same props: see RenderDialogProps. */
export type CarModelDialogProps = RenderDialogProps;

/** The car as the export will have it, in words: trim, paint and which doors stand open. */
export function carSummary(scene: SavedConfigSettings | null): string {
  const car = scene?.carConfig;
  if (!car) return 'The car as the studio shows it';
  const open = openDoors(car.configureValues ?? {});
  const doors = open.length === 0 ? 'doors shut' : `${open.join(', ')} door${open.length === 1 ? '' : 's'} open`;
  return [car.trim, car.paint && paintLabel(car.paint), doors].filter(Boolean).join(' · ');
}

function FormatChoice({ format, on, onToggle }: { format: CarModelFormat; on: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={onToggle}
      className={cn(
        'flex items-start gap-2.5 rounded-md border px-3 py-2 text-left transition-colors',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        on ? 'border-primary/70 bg-primary/10' : 'border-border bg-surface-raised hover:bg-muted',
      )}
    >
      <span
        className={cn(
          'mt-0.5 flex size-4 shrink-0 items-center justify-center rounded border',
          on ? 'border-primary bg-primary text-primary-foreground' : 'border-border',
        )}
        aria-hidden
      >
        {on && <Check className="size-3" />}
      </span>
      <span className="flex flex-col gap-0.5">
        <span className="text-[13px] font-medium text-foreground">{format}</span>
        <span className="text-[11px] leading-snug text-muted-foreground">{CAR_MODEL_FORMAT_USES[format]}</span>
      </span>
    </button>
  );
}

/** A finished export's files: each format with its size, downloaded from the gallery's copy. */
function ExportedFiles({ items }: { items: RenderedAssetItem[] }) {
  return (
    <ul className="flex flex-col divide-y divide-border rounded-md border border-border" aria-label="Exported files">
      {items.map((item) => (
        <li key={item.id} className="flex items-center gap-3 px-3 py-2.5">
          <Box className="size-5 shrink-0 text-muted-foreground" aria-hidden />
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="truncate text-[13px] font-medium text-foreground">{item.fileName}</span>
            <span className="text-[11px] text-muted-foreground">
              {item.kind} · <span className="font-mono tabular-nums">{formatBytes(item.size)}</span>
            </span>
          </span>
          <Button asChild size="sm">
            <a href={item.url} download={item.fileName}>
              <Download aria-hidden />
              Download {item.kind}
            </a>
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Export 3D (issue 34 item 4): the car as the studio configured it, its trim, paint and doors, as GLB and USDZ files
 * made by a render engine. The dialog stays with its job: progress while the engine exports, then each file with its
 * size and its download. The export is also a render like any other: it is in the renders tray and in the gallery.
 */
export function CarModelDialog({ open, onOpenChange, collect, metadataDefaults, configId }: CarModelDialogProps) {
  const [formats, setFormats] = useState<CarModelFormat[]>([...CAR_MODEL_FORMATS]);
  const [entryId, setEntryId] = useState<string | null>(null);
  const form = useMetadataForm(metadataDefaults);
  const { startCarModel } = useStartRender();
  const job = useFollowedRender(entryId);
  const done = job?.status === 'completed';
  const files = useRenderedAssetItems(done ? job.renderedAssetId : null);
  // Read once as the dialog opens: the studio cannot change behind a modal dialog.
  const summary = useMemo(() => {
    try {
      return carSummary(collect());
    } catch {
      return carSummary(null);
    }
  }, [collect]);

  const toggle = (format: CarModelFormat) =>
    setFormats((chosen) =>
      chosen.includes(format)
        ? chosen.filter((item) => item !== format)
        : CAR_MODEL_FORMATS.filter((item) => item === format || chosen.includes(item)),
    );

  const start = form.handleSubmit(async (fields) => {
    if (formats.length === 0) return;
    const scene = collectScene(collect, CAR_MODEL_MESSAGES.startFailed);
    if (!scene) return;
    setEntryId(await startCarModel({ formats, settings: scene, metadata: { ...fields, configId } }));
  });

  const phase = job === null ? 'choose' : isRunning(job) ? 'exporting' : done ? 'done' : 'failed';
  const exported = (files.data ?? []).filter((item) => (CAR_MODEL_FORMATS as readonly string[]).includes(item.kind));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Export 3D model"
        description="The car as configured, as files for AR and 3D tools. The export also lands in the gallery."
        width="max-w-xl"
        footer={
          phase === 'choose' ? (
            <>
              <span className="mr-auto font-mono text-[11px] text-muted-foreground tabular-nums">
                {formats.length === 0 ? 'Choose a format' : formats.join(' + ')}
              </span>
              <Button variant="secondary" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" form="car-model-export" disabled={formats.length === 0}>
                Export
              </Button>
            </>
          ) : (
            <>
              {phase === 'failed' && (
                <Button variant="secondary" className="mr-auto" onClick={() => setEntryId(null)}>
                  Try again
                </Button>
              )}
              <Button variant={phase === 'done' ? 'primary' : 'secondary'} onClick={() => onOpenChange(false)}>
                {phase === 'exporting' ? 'Close (the export goes on)' : 'Close'}
              </Button>
            </>
          )
        }
      >
        <div className="flex flex-col gap-4">
          <div className="flex items-center gap-2.5 rounded-md border border-border bg-surface-raised px-3 py-2">
            <Box className="size-4 shrink-0 text-primary" aria-hidden />
            <span className="text-[12px] text-foreground" data-testid="car-model-summary">
              {summary}
            </span>
          </div>
          {phase === 'choose' && (
            <form
              id="car-model-export"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void start();
              }}
              className="flex flex-col gap-4"
            >
              <Section title="Formats">
                <div className="grid grid-cols-2 gap-2">
                  {CAR_MODEL_FORMATS.map((format) => (
                    <FormatChoice
                      key={format}
                      format={format}
                      on={formats.includes(format)}
                      onToggle={() => toggle(format)}
                    />
                  ))}
                </div>
              </Section>
              <MetadataFields form={form} />
            </form>
          )}
          {job && phase === 'exporting' && (
            <div className="flex flex-col gap-2" role="status">
              <ProgressBar entry={job} />
              <p className="text-[12px] text-muted-foreground">{job.message || 'Waiting for a render engine'}</p>
            </div>
          )}
          {phase === 'done' &&
            (files.isPending ? (
              <Spinner className="size-5 self-center" label="Loading the files" />
            ) : files.error ? (
              <ErrorAlert>{files.error.message}</ErrorAlert>
            ) : (
              <ExportedFiles items={exported} />
            ))}
          {job && phase === 'failed' && <ErrorAlert>{job.error ?? CAR_MODEL_MESSAGES.startFailed}</ErrorAlert>}
        </div>
      </DialogContent>
    </Dialog>
  );
}
