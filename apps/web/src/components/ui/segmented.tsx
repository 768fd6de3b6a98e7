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
            'h-6 truncate rounded px-2 text-[12px] text-muted-foreground transition-colors hover:text-foreground',
            'data-[state=on]:bg-surface-raised data-[state=on]:text-foreground data-[state=on]:shadow-sm',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50',
          )}
        >
          {option.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
