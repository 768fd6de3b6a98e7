import * as Tabs from '@radix-ui/react-tabs';
import type { LucideIcon } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { usePersistentState } from '@/hooks/use-persistent-state';

export interface InspectorPanel {
  id: string;
  title: string;
  icon: LucideIcon;
  content: ReactNode;
}

export interface InspectorProps {
  panels: readonly InspectorPanel[];
  /** Shown instead of the panels while the engine is not ready (hydrating, failed). */
  placeholder?: ReactNode;
}

/**
 * The studio's right-hand column: a rail of panel tabs (arrow keys move between them) and the chosen panel's
 * sections. The chosen panel is remembered across reloads.
 */
export function Inspector({ panels, placeholder }: InspectorProps) {
  const [active, setActive] = usePersistentState('inspector.panel', panels[0]?.id ?? '');
  const current = panels.some((panel) => panel.id === active) ? active : (panels[0]?.id ?? '');
  return (
    <Tabs.Root
      value={current}
      onValueChange={setActive}
      orientation="vertical"
      className="flex h-full min-h-0 border-l border-border bg-surface"
    >
      <Tabs.List
        aria-label="Studio panels"
        className="flex w-11 shrink-0 flex-col items-center gap-1 border-r border-border py-2"
      >
        {panels.map(({ id, title, icon: Icon }) => (
          <Tabs.Trigger
            key={id}
            value={id}
            title={title}
            aria-label={title}
            className={cn(
              'flex size-8 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
              'data-[state=active]:bg-primary/15 data-[state=active]:text-primary',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            )}
          >
            <Icon className="size-4" aria-hidden />
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <div className="flex min-w-0 flex-1 flex-col">
        {panels.map(({ id, title, content }) => (
          <Tabs.Content key={id} value={id} className="flex min-h-0 flex-1 flex-col focus-visible:outline-none">
            <h2 className="flex h-9 shrink-0 items-center border-b border-border px-3 text-[13px] font-semibold">
              {title}
            </h2>
            <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
              {placeholder ?? (
                <Suspense
                  fallback={
                    <div className="flex justify-center p-6">
                      <Spinner className="size-4" label={`Loading ${title}`} />
                    </div>
                  }
                >
                  {content}
                </Suspense>
              )}
            </div>
          </Tabs.Content>
        ))}
      </div>
    </Tabs.Root>
  );
}
