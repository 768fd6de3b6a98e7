import { cloneElement, useId, type ReactElement } from 'react';
import { cn } from '@/lib/cn';
import { Label } from './label';

interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

export interface FormFieldProps {
  label: string;
  /** The input, textarea or select; it is given the field's id and its error's description. */
  children: ReactElement<ControlProps>;
  error?: string | null;
  hint?: string;
  /** Marks the label with an asterisk (the control says required itself). */
  required?: boolean;
  /** The small type of a dense panel (the render dialogs), beside the admin forms' regular one. */
  dense?: boolean;
  className?: string;
}

/** A labelled form control with its hint or error underneath, wired for screen readers. */
export function FormField({
  label,
  children,
  error,
  hint,
  required = false,
  dense = false,
  className,
}: FormFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? hint;
  return (
    <div className={cn('flex flex-col', dense ? 'gap-1' : 'gap-1.5', className)}>
      <Label htmlFor={id} className={cn(dense && 'text-[12px] font-normal')}>
        {label}
        {required && <span aria-hidden> *</span>}
      </Label>
      {cloneElement(children, {
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': note ? noteId : undefined,
      })}
      {note && (
        <p
          id={noteId}
          className={cn(dense ? 'text-[11px]' : 'text-xs', error ? 'text-destructive' : 'text-muted-foreground')}
        >
          {note}
        </p>
      )}
    </div>
  );
}
