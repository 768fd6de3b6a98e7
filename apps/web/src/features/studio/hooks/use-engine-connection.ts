import { useEffect } from 'react';
import { useEngineStore } from '@/lib/engine';
import type { RemoteApi } from '@/lib/remote-control/remote-api';

/** The engine store follows the session's remote API: hydrated when one connects, emptied when it goes. */
export function useEngineConnection(api: RemoteApi | null): void {
  useEffect(() => {
    if (!api) return;
    void useEngineStore.getState().attach(api);
    return () => {
      if (useEngineStore.getState().api === api) useEngineStore.getState().detach();
    };
  }, [api]);
}
