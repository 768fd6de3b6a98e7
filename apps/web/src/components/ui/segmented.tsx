import * as ToggleGroup from '@radix-ui/react-toggle-group';
import { cn } from '@/lib/cn';

export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
}

export interface SegmentedProps<T extends string> {
  /** Names the group for assistive technology. */
  label: string;
  value: T | undefined;
  options: readonly SegmentedOption<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
  className?: string;
}

/**
 * The chosen segment reads at a glance: a surface lighter than the track (in the dark theme the raised surface is
 * darker than the track, so the choice all but vanished), foreground text and a thin ring.
 */
const SELECTED =
  'segmented-selected bg-surface text-foreground font-medium shadow-sm ring-1 ring-foreground/20 dark:bg-foreground/15';

/** One choice among a few, all visible: arrow keys move between them (roving focus), Space or Enter picks. */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
  className,
}: SegmentedProps<T>) {
  return (
    <ToggleGroup.Root
      type="single"
      aria-label={label}
      value={value ?? ''}
      disabled={disabled}
      // Radix offers '' when the pressed item is pressed again; a segmented control always has a choice.
      onValueChange={(next) => next && onChange(next as T)}
      className={cn('grid auto-cols-fr grid-flow-col gap-0.5 rounded-md bg-muted/70 p-0.5', className)}
    >
      {options.map((option) => (
        <ToggleGroup.Item
          key={option.value}
          value={option.value}
          className={cn(
            'h-6 truncate rounded px-2 text-[12px] transition-colors',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50',
            option.value === value ? SELECTED : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {option.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
