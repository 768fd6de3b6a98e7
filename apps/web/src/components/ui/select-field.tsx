import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectGroup {
  label: string;
  options: readonly SelectOption[];
}

export interface SelectFieldProps {
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  /** Options, or groups of them (environments by Outdoor and Indoor). */
  options: readonly SelectOption[] | readonly SelectGroup[];
  placeholder?: string;
  disabled?: boolean;
  className?: string;
}

/** A labelled drop-down: the trigger is a button announcing its value; the list is keyboard searchable (Radix). */
export function SelectField({ label, value, onChange, options, placeholder, disabled, className }: SelectFieldProps) {
  const id = useId();
  const groups: readonly SelectGroup[] = isGrouped(options) ? options : [{ label: '', options }];
  return (
    <div className={cn('grid grid-cols-[minmax(0,88px)_1fr] items-center gap-2', className)}>
      <label htmlFor={id} className="truncate text-[12px] text-muted-foreground">
        {label}
      </label>
      <SelectPrimitive.Root value={value ?? ''} onValueChange={onChange} disabled={disabled || value === undefined}>
        <SelectPrimitive.Trigger
          id={id}
          className={cn(
            'flex h-7 w-full min-w-0 items-center justify-between gap-1 rounded-md border border-border bg-surface-raised px-2 text-[12px]',
            'hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50',
          )}
        >
          <span className="truncate">
            <SelectPrimitive.Value placeholder={placeholder ?? 'Choose…'} />
          </span>
          <SelectPrimitive.Icon>
            <ChevronDown className="size-3.5 text-muted-foreground" aria-hidden />
          </SelectPrimitive.Icon>
        </SelectPrimitive.Trigger>
        <SelectPrimitive.Portal>
          <SelectPrimitive.Content
            position="popper"
            sideOffset={4}
            className="z-50 max-h-[min(var(--radix-select-content-available-height),320px)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-border bg-surface-raised shadow-xl"
          >
            <SelectPrimitive.Viewport className="p-1">
              {groups.map((group) => (
                <SelectPrimitive.Group key={group.label || 'all'}>
                  {group.label && (
                    <SelectPrimitive.Label className="px-2 pt-1.5 pb-1 text-[10px] font-semibold tracking-wider text-muted-foreground uppercase">
                      {group.label}
                    </SelectPrimitive.Label>
                  )}
                  {group.options.map((option) => (
                    <SelectPrimitive.Item
                      key={option.value}
                      value={option.value}
                      className="relative flex h-7 cursor-default items-center rounded pr-2 pl-6 text-[12px] outline-none select-none data-[highlighted]:bg-muted data-[state=checked]:text-foreground"
                    >
                      <SelectPrimitive.ItemIndicator className="absolute left-1.5">
                        <Check className="size-3.5 text-primary" aria-hidden />
                      </SelectPrimitive.ItemIndicator>
                      <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                    </SelectPrimitive.Item>
                  ))}
                </SelectPrimitive.Group>
              ))}
            </SelectPrimitive.Viewport>
          </SelectPrimitive.Content>
        </SelectPrimitive.Portal>
      </SelectPrimitive.Root>
    </div>
  );
}

function isGrouped(options: readonly SelectOption[] | readonly SelectGroup[]): options is readonly SelectGroup[] {
  return options.length > 0 && 'options' in (options[0] as object);
}
