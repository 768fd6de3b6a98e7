import { useMemo } from 'react';
import { Navigate } from 'react-router';
import { STATE_MESSAGES } from '@autostudio/protocol';
import { paths } from '@/config/paths';
import { SessionStatusIndicator, useSessionHeartbeat, useSessionStore } from '@/features/session';
import { StudioInspector, StudioPage, useEngineConnection } from '@/features/studio';
import { StreamViewport } from '@/features/viewport';
import { RemoteApi } from '@/lib/remote-control/remote-api';
import { sessionStore } from '@/lib/session-storage';
import { STUDIO_PANELS } from '../studio/studio-panels';

/** The player signs in to signalling with the current access token, read afresh on every (re)connect. */
const accessToken = () => sessionStore.get('accessToken');
/** The stream says the session is over before the next heartbeat would: the indicator says so at once. */
const sessionEnded = () => useSessionStore.getState().failed(STATE_MESSAGES.sessionExpired);
/** Forgetting the session and its product sends the user back to /landing to start another. */
const newSession = () => useSessionStore.getState().clear();

/** The configurator (spec §2: requires a loaded product; without one the user goes back to choose one). */
export default function HomeRoute() {
  const product = useSessionStore((state) => state.product);
  const session = useSessionStore((state) => state.sessionDetails);
  const remote = useSessionStore((state) => state.remote);
  const remoteApi = useMemo(() => (remote ? new RemoteApi(remote) : null), [remote]);
  useSessionHeartbeat();
  useEngineConnection(remoteApi);
  if (!product) return <Navigate to={paths.landing} replace />;
  return (
    <StudioPage
      product={product}
      status={<SessionStatusIndicator />}
      inspector={<StudioInspector panels={STUDIO_PANELS} />}
      viewport={
        session ? (
          <StreamViewport
            session={session}
            getAccessToken={accessToken}
            remoteApi={remoteApi}
            onSessionEnded={sessionEnded}
            onNewSession={newSession}
          />
        ) : null
      }
    />
  );
}
