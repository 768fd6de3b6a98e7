import { cloneElement, useId, type ReactElement } from 'react';
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
}

/** A labelled form control with its hint or error underneath, wired for screen readers. */
export function FormField({ label, children, error, hint }: FormFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? hint;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, {
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': note ? noteId : undefined,
      })}
      {note && (
        <p id={noteId} className={error ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
          {note}
        </p>
      )}
    </div>
  );
}
