import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { FAILURE_TOASTS, IDLE_MESSAGES, type SavedConfigSettings } from '@autostudio/protocol';
import { releaseSession, sessionPolicyQuery } from '@/api/sessions';
import { useConfigurationStore } from '@/features/configurations';
import { useIdleCountdown, useSessionStore, type IdlePhase, type NewSession } from '@/features/session';
import { toast } from '@/lib/toast';
import { applySavedSettings, studioSettings } from './configuration-loading';

export interface IdleRelease {
  phase: IdlePhase;
  /** Once the studio gave its engine back for idleness: a new engine with the studio as it was; else null. */
  resume: (() => void) | null;
}

/**
 * Issue 33 item 3: a studio left alone warns, then gives its engine back to the pool, keeping what it showed (the
 * car, the camera, unsaved changes) so that one click on Resume takes a new engine and puts it all back.
 */
export function useIdleRelease(newSession: NewSession): IdleRelease {
  const policy = useQuery(sessionPolicyQuery()).data;
  const connected = useSessionStore((state) => state.status === 'Connected');
  const [kept, setKept] = useState<SavedConfigSettings | null>(null);

  const release = useCallback(() => {
    const { product, sessionDetails, idle } = useSessionStore.getState();
    if (!sessionDetails || !policy) return;
    setKept(studioSettings(product));
    // Nothing went wrong: the badge says Disconnected, not Error, and the viewport says why.
    idle(IDLE_MESSAGES.released(policy.idleMs));
    void releaseSession(sessionDetails.sessionId).catch((error: unknown) =>
      console.warn('the idle session could not be released', error),
    );
  }, [policy]);

  const phase = useIdleCountdown({
    enabled: connected && policy !== undefined,
    idleMs: policy?.idleMs ?? 0,
    countdownMs: policy?.countdownMs ?? 0,
    onExpire: release,
  });

  const resume = useCallback(() => {
    if (!kept) return;
    newSession.resume(
      async () => {
        await applySavedSettings(kept).catch((error: unknown) => {
          console.error('the studio could not be put back as it was', error);
          toast.error(FAILURE_TOASTS.loadSelectedConfiguration);
        });
        setKept(null);
      },
      // The fresh car gets the kept studio, which holds the current configuration and the changes since: the
      // configuration restore must not apply the saved one over it.
      () => useConfigurationStore.getState().markApplied(useSessionStore.getState().carLoads + 1),
    );
  }, [kept, newSession]);

  return { phase, resume: kept ? resume : null };
}
