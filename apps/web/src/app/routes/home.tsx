import { lazy, Suspense, useMemo } from 'react';
import { Navigate } from 'react-router';
import { IDLE_MESSAGES, STATE_MESSAGES } from '@autostudio/protocol';
import { paths } from '@/config/paths';
import {
  IdleWarning,
  sessionEndReason,
  SessionStatusIndicator,
  useNewSession,
  useReleaseOnLeave,
  useSessionHeartbeat,
  useSessionStore,
  useStudioEntry,
} from '@/features/session';
import { StudioInspector, StudioPage, useEngineConnection } from '@/features/studio';
import { StreamViewport } from '@/features/viewport';
import { RemoteApi } from '@/lib/remote-control/remote-api';
import { sessionStore } from '@/lib/session-storage';
import { ConfigurationToolbar } from '../studio/configuration-toolbar';
import { useIdleRelease } from '../studio/idle-release';
import { STUDIO_PANELS } from '../studio/studio-panels';

// The render controls and their tray load just after the studio's first paint: the renders' store, the buttons
// and, when first opened, the dialogs (the /home budget, apps/web/scripts/check-bundle-budget.mjs).
const RenderToolbar = lazy(() => import('../studio/render-toolbar').then((m) => ({ default: m.RenderToolbar })));
const RenderJobsTray = lazy(() => import('../studio/render-toolbar').then((m) => ({ default: m.RenderJobsTray })));
// The timeline's button and dock, likewise; the panel itself loads when first opened.
const TimelineButton = lazy(() => import('../studio/timeline-toolbar').then((m) => ({ default: m.TimelineButton })));
const TimelineDock = lazy(() => import('../studio/timeline-toolbar').then((m) => ({ default: m.TimelineDock })));
const AboveTimeline = lazy(() => import('../studio/timeline-toolbar').then((m) => ({ default: m.AboveTimeline })));

/** The player signs in to signalling with the current access token, read afresh on every (re)connect. */
const accessToken = () => sessionStore.get('accessToken');
/**
 * The stream says the session is over before the next heartbeat would: the indicator says so at once. A session that
 * already ended for a reason (released for idleness) keeps that reason.
 */
const sessionEnded = () => {
  const state = useSessionStore.getState();
  if (sessionEndReason(state) === null) state.failed(STATE_MESSAGES.sessionExpired);
};
const RESUME = { label: IDLE_MESSAGES.resume, hint: IDLE_MESSAGES.releasedHint };

/**
 * The configurator (spec §2: requires a loaded product; without one the user goes back to choose one). A reload
 * returns to the tab's session; leaving gives the engine back; a failed session is replaced in one click.
 */
export default function HomeRoute() {
  const entry = useStudioEntry();
  const product = useSessionStore((state) => state.product);
  const session = useSessionStore((state) => state.sessionDetails);
  const remote = useSessionStore((state) => state.remote);
  const sessionError = useSessionStore(sessionEndReason);
  const relayFailed = useSessionStore((state) => state.status === 'Connected' && state.connection === 'failed');
  const remoteApi = useMemo(() => (remote ? new RemoteApi(remote) : null), [remote]);
  const newSession = useNewSession();
  const idle = useIdleRelease(newSession);
  useSessionHeartbeat();
  useEngineConnection(remoteApi, session?.sessionId);
  useReleaseOnLeave();
  if (entry === 'landing') return <Navigate to={paths.landing} replace />;
  if (entry === 'resuming' || !product) return null;
  return (
    <StudioPage
      product={product}
      status={<SessionStatusIndicator />}
      controlsDisabled={relayFailed}
      actions={
        <>
          <ConfigurationToolbar />
          <Suspense fallback={null}>
            <TimelineButton />
            <RenderToolbar />
          </Suspense>
        </>
      }
      overlay={
        <>
          {idle.phase.kind === 'warning' && <IdleWarning secondsLeft={idle.phase.secondsLeft} />}
          <Suspense fallback={null}>
            <TimelineDock />
            <AboveTimeline>
              <RenderJobsTray />
            </AboveTimeline>
          </Suspense>
        </>
      }
      inspector={<StudioInspector panels={STUDIO_PANELS} />}
      viewport={
        session ? (
          <StreamViewport
            // A new session is a new stream, even on the same engine (same instanceUrl) as the one that ended.
            key={session.sessionId}
            session={session}
            getAccessToken={accessToken}
            remoteApi={remoteApi}
            controls={remote}
            onSessionEnded={sessionEnded}
            onNewSession={idle.resume ?? newSession.start}
            newSession={idle.resume ? RESUME : undefined}
            sessionError={sessionError}
          />
        ) : null
      }
    />
  );
}
