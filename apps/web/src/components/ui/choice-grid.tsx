import * as ToggleGroup from '@radix-ui/react-toggle-group';
import { cn } from '@/lib/cn';

export interface ChoiceGridProps {
  /** Names the group for assistive technology. */
  label: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  columns?: 2 | 3 | 4;
  disabled?: boolean;
}

/** One choice among several, laid out as a grid of chips: a radio group, arrow keys move, Space or Enter picks. */
export function ChoiceGrid({ label, value, options, onChange, columns = 3, disabled }: ChoiceGridProps) {
  return (
    <ToggleGroup.Root
      type="single"
      aria-label={label}
      value={value ?? ''}
      disabled={disabled || value === undefined}
      onValueChange={(next) => next && onChange(next)}
      className={cn('grid gap-1', { 2: 'grid-cols-2', 3: 'grid-cols-3', 4: 'grid-cols-4' }[columns])}
    >
      {options.map((option) => (
        <ToggleGroup.Item
          key={option.value}
          value={option.value}
          className={cn(
            'h-7 truncate rounded-md border border-border bg-surface-raised px-2 text-[12px] text-muted-foreground transition-colors',
            'hover:bg-muted hover:text-foreground disabled:opacity-50',
            'data-[state=on]:border-primary/70 data-[state=on]:bg-primary/15 data-[state=on]:text-foreground',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          )}
        >
          {option.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
