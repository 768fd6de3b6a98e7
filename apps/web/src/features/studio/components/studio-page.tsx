import { PanelRightClose, PanelRightOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AssetModel } from '@autostudio/protocol';
import { Button } from '@/components/ui/button';
import { usePersistentState } from '@/hooks/use-persistent-state';
import { cn } from '@/lib/cn';

export interface StudioPageProps {
  product: AssetModel;
  /** The session's state, shown in the toolbar. */
  status: ReactNode;
  /** The toolbar's commands (configurations, save), before the session's state. */
  actions?: ReactNode;
  /** What fills the viewport: the engine's video stream. */
  viewport?: ReactNode;
  /** The panels beside the viewport. */
  inspector?: ReactNode;
  /** What floats over the viewport's corner (the render jobs tray). */
  overlay?: ReactNode;
  /** The engine cannot be reached (its remote-control connection failed): the panels are shown but not usable. */
  controlsDisabled?: boolean;
}

/**
 * The configurator's frame: a slim toolbar, the engine's view as large as the window allows, and the inspector
 * on the right, which the user may hide to give the picture the whole width.
 */
export function StudioPage({
  product,
  status,
  actions,
  viewport,
  inspector,
  overlay,
  controlsDisabled = false,
}: StudioPageProps) {
  const [panelsOpen, setPanelsOpen] = usePersistentState<boolean>('inspector.open', true);
  return (
    <main className="flex h-full flex-col bg-background">
      <div className="flex h-10 shrink-0 items-center gap-3 border-b border-border bg-surface px-3 text-[13px]">
        <h1 className="font-semibold tracking-tight">{product.name}</h1>
        {product.brand && <span className="text-muted-foreground">{product.brand}</span>}
        <div className="ml-auto flex items-center gap-2">
          {actions}
          {actions && <span className="mx-1 h-5 w-px bg-border" aria-hidden />}
          {status}
          {inspector && (
            <Button
              variant="ghost"
              size="icon"
              aria-label={panelsOpen ? 'Hide panels' : 'Show panels'}
              aria-pressed={panelsOpen}
              title={panelsOpen ? 'Hide panels' : 'Show panels'}
              onClick={() => setPanelsOpen(!panelsOpen)}
            >
              {panelsOpen ? <PanelRightClose aria-hidden /> : <PanelRightOpen aria-hidden />}
            </Button>
          )}
        </div>
      </div>
      <div className="flex min-h-0 flex-1">
        <section
          aria-label="Viewport"
          data-testid="viewport-area"
          className="relative min-w-0 flex-1 overflow-hidden bg-[oklch(0.12_0.005_260)]"
        >
          {viewport}
          {overlay}
        </section>
        {inspector && (
          <aside
            aria-label="Studio panels"
            className={cn(
              'w-[300px] shrink-0 transition-opacity xl:w-[340px]',
              !panelsOpen && 'hidden',
              controlsDisabled && 'opacity-50',
            )}
            data-testid="inspector"
            // Calls would only fail and snap back: nothing in the panels takes focus or input until the badge's
            // Reconnect brings the engine back.
            inert={controlsDisabled}
          >
            {inspector}
          </aside>
        )}
      </div>
    </main>
  );
}
