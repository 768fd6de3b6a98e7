import { REMOTE_SOCKET_PATH, POLLING, PROGRESS_MAX, type AssetModel, type SessionDetails } from '@autostudio/protocol';
import { apiOrigin, currentAccessToken } from '@/lib/api-client';
import { useEngineStore } from '@/lib/engine';
import { RemoteApi } from '@/lib/remote-control/remote-api';
import { RemoteControlClient } from '@/lib/remote-control/remote-control-client';
import { modelDownloadLink } from '@/api/asset-models';
import { allocateInTurn, LeftLineError, type InTurn } from './wait-in-line';
import { useSessionStore } from '../stores/session-store';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The relay's address: the backend base URL with http replaced by ws (spec §7). */
export function relayUrl(): string {
  return `${apiOrigin().replace(/^http/, 'ws')}${REMOTE_SOCKET_PATH}`;
}

/** Connects the remote-control client to a session's engine and makes it the store's session. */
export async function attachSession(details: SessionDetails, message: string): Promise<RemoteApi> {
  // The same engine as before keeps its connection; another one gets a new client.
  const current = useSessionStore.getState();
  let remote = current.remote;
  if (!remote || current.sessionDetails?.instanceId !== details.instanceId) {
    const client: RemoteControlClient = new RemoteControlClient({
      url: relayUrl(),
      instanceId: details.instanceId,
      getToken: currentAccessToken,
      // The badge shows a lost relay (reconnecting, failed) while the session itself is still Connected.
      onStateChange: (state) => useSessionStore.getState().connectionChanged(client, state),
    });
    remote = client;
  }
  await remote.connect();
  useSessionStore.getState().connected(details, remote, message);
  return new RemoteApi(remote);
}

/**
 * An engine session for this user, with the remote-control client connected to its engine; with every engine in use,
 * after a wait in the line.
 */
async function connectSession(inLine: InTurn): Promise<RemoteApi> {
  useSessionStore.getState().loading();
  const { details, message } = await allocateInTurn(inLine);
  return attachSession(details, message);
}

/** The steps of a product load, as the loading overlay's description names them. */
export const PRODUCT_LOAD_STEPS = {
  session: 'Allocating an engine session',
  download: 'Downloading the model',
  car: 'Loading the car',
} as const;
export type ProductLoadStep = keyof typeof PRODUCT_LOAD_STEPS;

/**
 * Spec "Product load": the engine downloads the product's model (Download File with a signed URL it can fetch
 * on its own), the download is polled every 100 ms up to 1001 times with its percentage, then LoadCarByPath.
 * Resolves once the product is the loaded one; rejects with what went wrong.
 */
export async function loadProduct(
  product: AssetModel,
  onProgress: (percentage: number) => void,
  onStep: (step: ProductLoadStep) => void = () => {},
  inLine: InTurn = { onStanding: () => {} },
): Promise<void> {
  try {
    onStep('session');
    const api = await connectSession(inLine);
    onStep('download');
    const link = await modelDownloadLink(product.id);
    await api.call('Download File', { Url: link.url });
    let path: string | null = null;
    for (let attempt = 0; attempt < POLLING.productDownloadMaxTries && path === null; attempt += 1) {
      const status = await api.call('Get Download Status');
      onProgress(status.Percentage);
      if (status.Status === 'Completed') path = status.Path;
      else if (status.Status === 'Failed') throw new Error(`The model download failed: ${status.Error}`);
      else await sleep(POLLING.productDownloadMs);
    }
    if (path === null) throw new Error('The model download did not finish in time');
    onProgress(PROGRESS_MAX);
    onStep('car');
    await api.call('LoadCarByPath', { Path: path });
    // A studio already open on this engine (a new session after a failure) read it before the car arrived.
    if (useEngineStore.getState().api) void useEngineStore.getState().hydrate();
    useSessionStore.getState().productLoaded(product, 'loaded');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const session = useSessionStore.getState();
    if (session.status === 'Loading') {
      // Leaving the line is no failure: the session is where it was before the user asked for one.
      if (error instanceof LeftLineError) session.idle(message);
      else session.failed(message);
    }
    throw error;
  }
}
