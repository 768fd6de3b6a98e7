import { useEffect } from 'react';
import { useEngineStore } from '@/lib/engine';
import type { RemoteApi } from '@/lib/remote-control/remote-api';

/**
 * The engine store follows the session's remote API: hydrated when one connects, emptied when it goes. The scene
 * is named by the session, so that a reload into the same session finds the studio's view of it again.
 */
export function useEngineConnection(api: RemoteApi | null, sceneKey?: string): void {
  useEffect(() => {
    if (!api) return;
    void useEngineStore.getState().attach(api, sceneKey);
    return () => {
      if (useEngineStore.getState().api === api) useEngineStore.getState().detach();
    };
  }, [api, sceneKey]);
}
