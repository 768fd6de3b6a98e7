import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { usePersistentState } from '@/hooks/use-persistent-state';

export interface PanelSectionProps {
  /** Stable id: the section's open state is kept under it across reloads. */
  id: string;
  title: string;
  /** Shown at the right of the header: a value summary or a header action. */
  aside?: ReactNode;
  defaultOpen?: boolean;
  children: ReactNode;
}

/** A collapsible group of controls inside a panel; it remembers whether the user left it open. */
export function PanelSection({ id, title, aside, defaultOpen = true, children }: PanelSectionProps) {
  const [open, setOpen] = usePersistentState(`section.${id}`, defaultOpen);
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className="border-b border-border" data-section={id}>
      <div className="flex h-8 items-center gap-1 pr-2">
        <Collapsible.Trigger className="flex h-full min-w-0 flex-1 items-center gap-1 pl-2 text-left text-[11px] font-semibold tracking-wider text-muted-foreground uppercase hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset">
          <ChevronRight className={cn('size-3.5 shrink-0 transition-transform', open && 'rotate-90')} aria-hidden />
          <span className="truncate">{title}</span>
        </Collapsible.Trigger>
        {aside && <div className="flex shrink-0 items-center gap-1 text-[11px] text-muted-foreground">{aside}</div>}
      </div>
      <Collapsible.Content className="space-y-2.5 px-3 pt-0.5 pb-3">{children}</Collapsible.Content>
    </Collapsible.Root>
  );
}
