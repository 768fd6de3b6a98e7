import { create } from 'zustand';
import type { AssetModel, SessionDetails, SessionStatus } from '@autostudio/protocol';
import type { ConnectionState, RemoteControlClient } from '@/lib/remote-control/remote-control-client';
import { forgetStudio, rememberStudio } from '../lib/studio-memory';

export interface SessionState {
  /** Spec §4 "Session status". */
  status: SessionStatus;
  sessionDetails: SessionDetails | null;
  message: string;
  /** The remote-control connection to the session's engine, through the relay. */
  remote: RemoteControlClient | null;
  /** Spec §4 "Remote connection states" of that connection: a session can be Connected while its relay is lost. */
  connection: ConnectionState;
  /**
   * The product loaded in the engine (the spec's app.product); /home requires one. The tab remembers it with its
   * session, so that a reload of /home returns to it.
   */
  product: AssetModel | null;
  /**
   * How many times a car was loaded into an engine in this page: each load is a fresh scene, to which the current
   * configuration is applied again. A reload that finds its engine's scene intact does not count.
   */
  carLoads: number;

  loading: () => void;
  connected: (details: SessionDetails, remote: RemoteControlClient, message: string) => void;
  /** `loaded`: the car was just loaded into the engine; `resumed`: the engine still shows it from before a reload. */
  productLoaded: (product: AssetModel, how: 'loaded' | 'resumed') => void;
  failed: (message: string) => void;
  /** No session, and nothing went wrong (the user left the waiting line): `message` says why. */
  idle: (message: string) => void;
  /** The remote-control client says its connection changed; a client that is no longer the session's is ignored. */
  connectionChanged: (remote: RemoteControlClient, state: ConnectionState) => void;
  /** Forgets the session (after a release or a sign-out) and closes the remote connection. */
  clear: () => void;
}

/** No session: where the store starts, and what a release or a sign-out returns it to (car loads keep counting). */
const NO_SESSION = {
  status: 'Disconnected',
  sessionDetails: null,
  message: '',
  remote: null,
  connection: 'disconnected',
  product: null,
} as const satisfies Partial<SessionState>;

export const useSessionStore = create<SessionState>()((set, get) => ({
  ...NO_SESSION,
  carLoads: 0,

  loading: () => set({ status: 'Loading' }),
  connected: (sessionDetails, remote, message) => {
    const previous = get().remote;
    if (previous && previous !== remote) previous.disconnect();
    set({ status: 'Connected', sessionDetails, remote, message, connection: remote.state });
  },
  productLoaded: (product, how) => {
    const sessionId = get().sessionDetails?.sessionId;
    if (sessionId) rememberStudio({ sessionId, product });
    set({ product, carLoads: get().carLoads + (how === 'loaded' ? 1 : 0) });
  },
  failed: (message) => set({ status: 'Error', message }),
  idle: (message) => set({ status: 'Disconnected', message }),
  connectionChanged: (remote, connection) => {
    if (get().remote === remote) set({ connection });
  },
  clear: () => {
    forgetStudio();
    get().remote?.disconnect();
    set(NO_SESSION);
  },
}));

/**
 * Why the session is over, for the viewport's ended state: a failure (Error), or a session given back with a reason
 * (Disconnected with a message: released for idleness, the waiting line left); null while none has ended.
 */
export function sessionEndReason(state: Pick<SessionState, 'status' | 'message'>): string | null {
  if (state.status === 'Error') return state.message || 'Error';
  return state.status === 'Disconnected' && state.message ? state.message : null;
}
