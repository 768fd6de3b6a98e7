import { useEffect } from 'react';
import { PROGRESS_MAX } from '@autostudio/protocol';
import { cn } from '@/lib/cn';
import { Button } from './button';

export interface LoadingOverlayProps {
  enabled: boolean;
  title?: string;
  /** A line under the title: what the step is doing now. */
  description?: string;
  /** With a percentage: circular and linear progress; without: a spinner with three pulsing dots. */
  showPercentage?: boolean;
  percentage?: number;
  /** Escape, an outside click and the close control dismiss it only when true. */
  closeable?: boolean;
  onClose?: () => void;
  /** A still of what is loading, full-bleed behind the panel, so there is something to look at from the first moment. */
  picture?: string | null;
  /** A quieter line under the progress. */
  note?: string;
  /** One thing the user may do about the step, as a button under it. */
  action?: { label: string; run: () => void } | null;
  variant?: 'default' | 'minimal' | 'glassmorphic';
  size?: 'small' | 'default' | 'large';
}

const PANEL = {
  default: 'border border-border bg-surface',
  minimal: 'bg-transparent',
  glassmorphic: 'border border-white/10 bg-surface/70 shadow-2xl backdrop-blur-xl',
} as const;
const WIDTH = { small: 'w-60', default: 'w-80', large: 'w-[26rem]' } as const;
const RADIUS = 26;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The full-screen modal loading overlay of spec §2. */
export function LoadingOverlay({
  enabled,
  title = 'Loading...',
  description = '',
  showPercentage = false,
  percentage = 0,
  closeable = false,
  onClose,
  picture = null,
  note = '',
  action = null,
  variant = 'glassmorphic',
  size = 'default',
}: LoadingOverlayProps) {
  useEffect(() => {
    if (!enabled || !closeable) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose?.();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, closeable, onClose]);
  if (!enabled) return null;
  const value = Math.min(PROGRESS_MAX, Math.max(0, Math.round(percentage)));

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/55">
      {picture && (
        <>
          <img
            src={picture}
            alt=""
            aria-hidden
            data-testid="loading-picture"
            fetchPriority="high"
            className="absolute inset-0 size-full bg-neutral-950 object-contain"
          />
          <div className="absolute inset-0 bg-gradient-to-t from-black/60 via-black/10 to-black/30" aria-hidden />
        </>
      )}
      {closeable && (
        <button
          type="button"
          aria-label="Close"
          className="absolute inset-0 cursor-default"
          onClick={() => onClose?.()}
        />
      )}
      <div
        role="dialog"
        aria-modal="true"
        aria-label={title}
        aria-describedby={description ? 'loading-overlay-description' : undefined}
        className={cn('relative flex flex-col items-center gap-4 rounded-xl px-6 py-6', PANEL[variant], WIDTH[size])}
      >
        <div className="flex flex-col items-center gap-1 text-center">
          <p className="text-sm font-medium">{title}</p>
          {description && (
            <p id="loading-overlay-description" className="text-xs text-muted-foreground">
              {description}
            </p>
          )}
        </div>
        {showPercentage ? (
          <>
            <div className="relative size-20">
              <svg viewBox="0 0 64 64" className="absolute inset-0 size-full -rotate-90" aria-hidden>
                <circle cx="32" cy="32" r={RADIUS} className="fill-none stroke-muted" strokeWidth="5" />
                <circle
                  cx="32"
                  cy="32"
                  r={RADIUS}
                  className="fill-none stroke-primary transition-[stroke-dashoffset] duration-150"
                  strokeWidth="5"
                  strokeLinecap="round"
                  strokeDasharray={CIRCUMFERENCE}
                  strokeDashoffset={CIRCUMFERENCE * (1 - value / PROGRESS_MAX)}
                />
              </svg>
              <span
                className="absolute inset-0 flex items-center justify-center text-sm font-semibold tabular-nums"
                data-testid="loading-percentage"
              >
                {value}%
              </span>
            </div>
            <div
              role="progressbar"
              aria-label={title}
              aria-valuemin={0}
              aria-valuemax={PROGRESS_MAX}
              aria-valuenow={value}
              className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full bg-primary transition-[width] duration-150" style={{ width: `${value}%` }} />
            </div>
            <div className="flex w-full justify-between text-[11px] text-muted-foreground tabular-nums" aria-hidden>
              <span>0%</span>
              <span>100%</span>
            </div>
          </>
        ) : (
          <div className="flex flex-col items-center gap-3" role="status" aria-label={title}>
            <span className="size-8 animate-spin rounded-full border-2 border-muted border-t-primary" />
            <span className="flex gap-1.5" aria-hidden>
              {[0, 150, 300].map((delay) => (
                <span
                  key={delay}
                  className="size-1.5 animate-pulse rounded-full bg-primary"
                  style={{ animationDelay: `${delay}ms` }}
                />
              ))}
            </span>
          </div>
        )}
        {note && <p className="text-center text-xs text-muted-foreground">{note}</p>}
        {action && (
          <Button variant="secondary" size="sm" onClick={action.run}>
            {action.label}
          </Button>
        )}
        {closeable && (
          <button
            type="button"
            className="text-xs text-muted-foreground underline-offset-2 hover:underline"
            onClick={() => onClose?.()}
          >
            Close
          </button>
        )}
      </div>
    </div>
  );
}
