import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export const Sheet = DialogPrimitive.Root;

export interface SheetContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  title: ReactNode;
  /** One line under the title; also what a screen reader announces with it. */
  description?: ReactNode;
  /** Beside the title, before the close button: a count, a spinner. */
  headerExtra?: ReactNode;
  /** The bar at the bottom (pagination, say). */
  footer?: ReactNode;
  /** Tailwind width, e.g. 'w-[30rem]'. */
  width?: string;
}

/**
 * A panel that slides over the studio's right side, full height: the same frame as DialogContent (title on top, a
 * scrolling body, a footer), for a browser that keeps the viewport in sight. Focus is trapped and returned, Escape
 * and the close button dismiss (Radix Dialog).
 */
export function SheetContent({
  title,
  description,
  headerExtra,
  footer,
  width = 'w-[30rem]',
  className,
  children,
  ...props
}: SheetContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/30" />
      <DialogPrimitive.Content
        className={cn(
          'fixed inset-y-0 right-0 z-50 flex max-w-[100vw] flex-col border-l border-border bg-surface text-[13px]',
          'text-foreground shadow-2xl shadow-black/50 focus:outline-none',
          width,
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
      >
        <header className="flex items-start gap-3 border-b border-border py-3 pl-4 pr-12">
          <div className="min-w-0 flex-1">
            <DialogPrimitive.Title className="text-sm font-semibold tracking-tight">{title}</DialogPrimitive.Title>
            {description && (
              <DialogPrimitive.Description className="mt-0.5 text-xs text-muted-foreground">
                {description}
              </DialogPrimitive.Description>
            )}
          </div>
          {headerExtra}
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3">{children}</div>
        {footer && <footer className="flex items-center gap-2 border-t border-border px-4 py-2">{footer}</footer>}
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
