import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

const overlayClass = 'fixed inset-0 z-50 bg-black/55 backdrop-blur-[1px]';
const contentClass =
  'fixed left-1/2 top-1/2 z-50 flex max-h-[85vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col ' +
  'rounded-lg border border-border bg-surface text-[13px] text-foreground shadow-2xl shadow-black/40 focus:outline-none';

export interface DialogContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  title: ReactNode;
  /** One line under the title; also what a screen reader announces with it. */
  description?: ReactNode;
  /** The buttons at the bottom, right-aligned. */
  footer?: ReactNode;
  /** Tailwind max-width, e.g. 'max-w-md' (the default) or 'max-w-3xl' for a browser. */
  width?: string;
}

/**
 * The studio's one dialog frame: title and description on top, a scrolling body, actions at the bottom. Focus is
 * trapped and returned, Escape and the close button dismiss (Radix Dialog). Callers mount a dialog when it opens,
 * so that its form starts afresh each time.
 */
export function DialogContent({
  title,
  description,
  footer,
  width = 'max-w-md',
  className,
  children,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  // Radix returns focus to a Dialog.Trigger; most dialogs are mounted by state instead (a "New group" button), and
  // focus would fall to the page's body. The element focused when the dialog mounted gets it back, if still there.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  const returnFocus = (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented) return;
    if (opener instanceof HTMLElement && opener.isConnected && opener !== document.body) {
      event.preventDefault();
      opener.focus();
    }
  };
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClass} />
      <DialogPrimitive.Content
        className={cn(contentClass, width, className)}
        onCloseAutoFocus={returnFocus}
        // Without a description Radix warns; the title alone is then the accessible name.
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
      >
        <header className="flex items-start gap-3 border-b border-border py-3 pl-4 pr-10">
          <div className="min-w-0 flex-1">
            <DialogPrimitive.Title className="text-sm font-semibold tracking-tight">{title}</DialogPrimitive.Title>
            {description && (
              <DialogPrimitive.Description className="mt-0.5 text-xs text-muted-foreground">
                {description}
              </DialogPrimitive.Description>
            )}
          </div>
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3">{children}</div>
        {footer && (
          <footer className="flex items-center justify-end gap-2 border-t border-border px-4 py-3">{footer}</footer>
        )}
        {/* Last in the DOM so that opening focuses the dialog's first field, not this. */}
        <DialogPrimitive.Close
          aria-label="Close"
          className="absolute right-3 top-3 rounded p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X className="size-4" aria-hidden />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
