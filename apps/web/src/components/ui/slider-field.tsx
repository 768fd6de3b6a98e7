import * as SliderPrimitive from '@radix-ui/react-slider';
import { useId, useState, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';

export interface SliderFieldProps {
  label: string;
  /** The accessible name when the visible label is short and shared (each lamp's "Intensity"). */
  accessibleLabel?: string;
  value: number | undefined;
  onChange: (value: number) => void;
  min: number;
  max: number;
  step?: number;
  /** Shown after the number (°, mm, cm…). */
  unit?: string;
  /** Decimals shown; from the step when not given. */
  precision?: number;
  disabled?: boolean;
  /** Adds a reset affordance (double-click on the label) to this value. */
  defaultValue?: number;
  className?: string;
}

/**
 * A labelled slider with a number box beside it: drag for feel, type for precision. Arrow keys move by a step,
 * Page Up/Down by ten, Home/End to the ends (Radix). Every change is sent as it happens; the engine action
 * behind it coalesces the stream.
 */
export function SliderField({
  label,
  accessibleLabel,
  value,
  onChange,
  min,
  max,
  step = 1,
  unit,
  precision,
  disabled,
  defaultValue,
  className,
}: SliderFieldProps) {
  const id = useId();
  const decimals = precision ?? decimalsOf(step);
  const shown = value ?? min;
  return (
    <div className={cn('grid grid-cols-[minmax(0,88px)_1fr_64px] items-center gap-2', className)}>
      <label
        htmlFor={`${id}-input`}
        className="truncate text-[12px] text-muted-foreground"
        title={defaultValue === undefined ? label : `${label} — double-click to reset`}
        onDoubleClick={defaultValue === undefined || disabled ? undefined : () => onChange(defaultValue)}
      >
        {label}
      </label>
      <SliderPrimitive.Root
        className="relative flex h-5 touch-none select-none items-center data-[disabled]:opacity-50"
        value={[shown]}
        min={min}
        max={max}
        step={step}
        disabled={disabled || value === undefined}
        onValueChange={([next]) => next !== undefined && onChange(next)}
      >
        <SliderPrimitive.Track className="relative h-1 grow overflow-hidden rounded-full bg-muted">
          <SliderPrimitive.Range className="absolute h-full bg-primary/80" />
        </SliderPrimitive.Track>
        <SliderPrimitive.Thumb
          aria-label={accessibleLabel ?? label}
          className="block size-3.5 rounded-full border border-primary bg-foreground shadow transition-transform hover:scale-110 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
      </SliderPrimitive.Root>
      <NumberBox
        id={`${id}-input`}
        label={accessibleLabel ?? label}
        value={value}
        decimals={decimals}
        min={min}
        max={max}
        unit={unit}
        disabled={disabled}
        onCommit={onChange}
      />
    </div>
  );
}

interface NumberBoxProps {
  id: string;
  label: string;
  value: number | undefined;
  decimals: number;
  min: number;
  max: number;
  unit?: string | undefined;
  disabled?: boolean | undefined;
  onCommit: (value: number) => void;
}

/** Shows the value; while focused it is free text, committed (clamped) on Enter or blur, dropped on Escape. */
function NumberBox({ id, label, value, decimals, min, max, unit, disabled, onCommit }: NumberBoxProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? (value === undefined ? '' : value.toFixed(decimals));
  const commit = () => {
    if (draft === null) return;
    const parsed = Number(draft);
    setDraft(null);
    if (draft.trim() !== '' && Number.isFinite(parsed)) onCommit(Math.min(max, Math.max(min, parsed)));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit();
    if (event.key === 'Escape') setDraft(null);
  };
  return (
    <div className="relative">
      <input
        id={id}
        aria-label={`${label} value`}
        inputMode="decimal"
        disabled={disabled || value === undefined}
        value={text}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
        className={cn(
          'h-6 w-full rounded border border-transparent bg-muted/60 px-1.5 text-right font-mono text-[11px] tabular-nums',
          'hover:border-border focus:border-ring focus:outline-none disabled:opacity-50',
          // Room for the unit, so "1000" and "cm" do not touch.
          unit && (unit.length > 1 ? 'pr-6' : 'pr-5'),
        )}
      />
      {unit && (
        <span className="pointer-events-none absolute top-1/2 right-1.5 -translate-y-1/2 text-[10px] text-muted-foreground">
          {unit}
        </span>
      )}
    </div>
  );
}

function decimalsOf(step: number): number {
  const [, fraction = ''] = String(step).split('.');
  return fraction.length;
}
