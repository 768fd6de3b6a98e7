import { useEffect } from 'react';
import { useEngineStore } from '@/lib/engine';
import type { RemoteApi } from '@/lib/remote-control/remote-api';

/**
 * Tells a store which engine is attached, on mount and on every change: a store that keeps what lives in one engine
 * (its sequences, a playback poll) forgets it for another. The component that shows the store calls this, so the
 * stores themselves watch no other store.
 */
export function useFollowEngine(followEngine: (api: RemoteApi | null) => void): void {
  const api = useEngineStore((state) => state.api);
  useEffect(() => followEngine(api), [api, followEngine]);
}
