import * as SwitchPrimitive from '@radix-ui/react-switch';
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface SwitchFieldProps {
  label: string;
  checked: boolean | undefined;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** A line under the label saying what the switch does. */
  hint?: ReactNode;
  className?: string;
}

export function SwitchField({ label, checked, onChange, disabled, hint, className }: SwitchFieldProps) {
  const id = useId();
  return (
    <div className={cn('flex items-center justify-between gap-3', className)}>
      <div className="min-w-0">
        <label htmlFor={id} className="text-[12px] text-foreground">
          {label}
        </label>
        {hint && <p className="text-[11px] leading-snug text-muted-foreground">{hint}</p>}
      </div>
      <Switch id={id} checked={checked} onChange={onChange} disabled={disabled} />
    </div>
  );
}

export interface SwitchProps {
  id?: string;
  checked: boolean | undefined;
  onChange: (checked: boolean) => void;
  disabled?: boolean | undefined;
  'aria-label'?: string;
}

export function Switch({ id, checked, onChange, disabled, 'aria-label': ariaLabel }: SwitchProps) {
  return (
    <SwitchPrimitive.Root
      id={id}
      aria-label={ariaLabel}
      checked={checked ?? false}
      disabled={disabled || checked === undefined}
      onCheckedChange={onChange}
      className={cn(
        'relative inline-flex h-4 w-7 shrink-0 cursor-pointer items-center rounded-full border border-transparent transition-colors',
        'bg-input data-[state=checked]:bg-primary disabled:cursor-not-allowed disabled:opacity-50',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background',
      )}
    >
      <SwitchPrimitive.Thumb className="block size-3 rounded-full bg-foreground shadow transition-transform data-[state=checked]:translate-x-3 data-[state=unchecked]:translate-x-0.5 dark:data-[state=checked]:bg-primary-foreground" />
    </SwitchPrimitive.Root>
  );
}
