import {
  estimateRenderSeconds,
  formatEstimate,
  renderWork,
  type RenderJobKind,
  type RenderQuality,
  type Resolution,
} from '@autostudio/protocol';
import { Clock } from 'lucide-react';
import { useRenderEstimates } from '@/api/render';

const KIND_NAMES: Record<RenderJobKind, string> = {
  still: 'still',
  video: 'video',
  matrix: 'variant matrix',
  turntable: 'turntable',
  carModel: 'car export',
};
/** Renders of a kind the server needs to fit a fixed part apart from the part that grows with the work. */
const ROUGH_UNTIL = 3;

/**
 * How long the render as set would take on this installation's engines, from the renders that finished here: the
 * line under a dialog's quality, updated as the size, quality, samples or animation change. Nothing while the
 * estimates load or when they cannot be read: an estimate is help, not a condition.
 */
export function RenderEstimate({
  open,
  kind,
  settings,
  resolution,
  frames,
}: {
  open: boolean;
  kind: RenderJobKind;
  settings: { quality: RenderQuality; antiAliasSpatial: number; antiAliasTemporal: number };
  /** Null while the size typed is not valid. */
  resolution: Resolution | null;
  /** Null while no animation with frames is chosen. */
  frames: number | null;
}) {
  const estimates = useRenderEstimates(open);
  if (!estimates.data || resolution === null || frames === null) return null;
  const estimate = estimateRenderSeconds(
    estimates.data,
    kind,
    settings.quality,
    renderWork(resolution, settings, frames),
  );
  return (
    <p className="ml-[96px] flex items-start gap-1.5 text-[11px] leading-snug" data-testid="render-estimate">
      <Clock className="mt-px size-3 shrink-0 text-muted-foreground" aria-hidden />
      {estimate ? (
        <span>
          <span className="font-medium text-foreground">Takes {formatEstimate(estimate.seconds)}</span>
          <span className="text-muted-foreground">
            {' '}
            on this installation, from {estimate.renders} finished {KIND_NAMES[kind]}
            {estimate.renders === 1 ? '' : 's'} at {settings.quality === 'HIGH' ? 'HIGH' : 'LOW or MEDIUM'}.
            {/* One or two renders cannot tell loading and storing from rendering: all of it scales with the work. */}
            {estimate.renders < ROUGH_UNTIL && ` A rough guess until ${ROUGH_UNTIL} have finished.`}
          </span>
        </span>
      ) : (
        <span className="text-muted-foreground">
          No {KIND_NAMES[kind]} at {settings.quality === 'HIGH' ? 'HIGH' : 'LOW or MEDIUM'} has finished here yet: the
          first one sets the estimate.
        </span>
      )}
    </p>
  );
}
