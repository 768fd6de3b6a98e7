import type { ReactNode } from 'react';
import type { AssetModel } from '@autostudio/protocol';

export interface StudioPageProps {
  product: AssetModel;
  /** The session's state, shown in the toolbar. */
  status: ReactNode;
  /** What fills the viewport: the engine's video stream. */
  viewport?: ReactNode;
}

/** The configurator's frame: a slim toolbar with the product and the session, the engine's view below it. */
export function StudioPage({ product, status, viewport }: StudioPageProps) {
  const trims = product.settings.configOptions.trims;
  return (
    <main className="flex h-full flex-col bg-background">
      <div className="flex h-9 shrink-0 items-center gap-3 border-b border-border bg-surface px-3 text-[13px]">
        <h1 className="font-semibold tracking-tight">{product.name}</h1>
        {Array.isArray(trims) && (
          <span className="text-muted-foreground">
            {trims.length} trim{trims.length === 1 ? '' : 's'}
          </span>
        )}
        <div className="ml-auto">{status}</div>
      </div>
      <section
        aria-label="Viewport"
        data-testid="viewport-area"
        className="relative min-h-0 flex-1 overflow-hidden bg-[oklch(0.12_0.005_260)]"
      >
        {viewport}
      </section>
    </main>
  );
}
