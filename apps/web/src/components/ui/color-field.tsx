import { useId } from 'react';
import { cn } from '@/lib/cn';

export interface ColorFieldProps {
  label: string;
  /** The accessible name when the visible label is short and shared. */
  accessibleLabel?: string;
  /** "#rrggbb"; undefined while there is nothing to show. */
  value: string | undefined;
  onChange: (hex: string) => void;
  disabled?: boolean;
  className?: string;
}

/**
 * A labelled colour: a swatch that opens the system picker (which sends every colour as the user drags in it), and
 * the hex value beside it. Laid out like a slider row, so it lines up with them.
 */
export function ColorField({ label, accessibleLabel, value, onChange, disabled, className }: ColorFieldProps) {
  const id = useId();
  return (
    <div className={cn('grid grid-cols-[minmax(0,88px)_1fr_64px] items-center gap-2', className)}>
      <label htmlFor={id} className="truncate text-[12px] text-muted-foreground">
        {label}
      </label>
      <input
        id={id}
        type="color"
        aria-label={accessibleLabel ?? label}
        value={value ?? '#ffffff'}
        disabled={disabled || value === undefined}
        onChange={(event) => onChange(event.target.value)}
        className={cn(
          'h-6 w-full cursor-pointer rounded border border-border bg-transparent p-0 disabled:cursor-not-allowed disabled:opacity-50',
          '[&::-webkit-color-swatch-wrapper]:p-0.5 [&::-webkit-color-swatch]:rounded-sm [&::-webkit-color-swatch]:border-0',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        )}
      />
      <span className="text-right font-mono text-[11px] text-muted-foreground uppercase tabular-nums">
        {value ?? ''}
      </span>
    </div>
  );
}
