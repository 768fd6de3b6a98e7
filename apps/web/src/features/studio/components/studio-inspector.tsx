import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useEngineStore } from '@/lib/engine';
import { Inspector, type InspectorPanel } from './inspector';

/** The inspector, with the engine's state in place of the panels until the engine has been read. */
export function StudioInspector({ panels }: { panels: readonly InspectorPanel[] }) {
  const status = useEngineStore((state) => state.status);
  const error = useEngineStore((state) => state.error);
  const placeholder =
    status === 'ready' ? undefined : status === 'failed' ? (
      <div role="alert" className="space-y-3 p-4 text-[12px]">
        <p className="flex items-center gap-2 font-medium text-destructive">
          <AlertTriangle className="size-4" aria-hidden /> The engine could not be read
        </p>
        {error && <p className="break-words text-muted-foreground">{error}</p>}
        <Button variant="secondary" size="sm" onClick={() => void useEngineStore.getState().hydrate()}>
          <RotateCw aria-hidden /> Try again
        </Button>
      </div>
    ) : (
      <div className="flex items-center gap-2 p-4 text-[12px] text-muted-foreground" aria-live="polite">
        <Spinner className="size-4" /> {status === 'detached' ? 'Waiting for the engine…' : 'Reading the engine…'}
      </div>
    );
  return <Inspector panels={panels} placeholder={placeholder} />;
}
