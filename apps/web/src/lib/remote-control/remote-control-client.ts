import {
  isAuthErrorMessage,
  REMOTE_CONTROL,
  RETRY,
  SOCKET_MESSAGES,
  remoteServerMessageSchema,
  type RemoteCallResult,
  type RemoteServerMessage,
} from '@autostudio/protocol';
import { isPictureControl, type AnsweredControl } from './picture-controls';

/** Spec §4 "Remote connection states". */
export type ConnectionState = 'connecting' | 'connected' | 'disconnected' | 'reconnecting' | 'failed';

/** The waits of spec §9, which tests may shorten. */
export interface RemoteControlTimings {
  reconnectDelayMs: number;
  reconnectAttempts: number;
  connectTimeoutMs: number;
  authTimeoutMs: number;
  apiCallTimeoutMs: number;
  heartbeatMs: number;
}

export interface RemoteControlOptions {
  /** ws(s):// URL of the relay (the backend base URL with http replaced by ws, spec §7). */
  url: string;
  instanceId: string;
  /** The current access token; asked for on every (re)authentication so a refreshed token is used. */
  getToken: () => string | null;
  onStateChange?: (state: ConnectionState) => void;
  /** For tests and other runtimes; the browser's WebSocket by default. */
  createSocket?: (url: string) => WebSocket;
  timings?: Partial<RemoteControlTimings>;
}

export class RemoteControlError extends Error {
  constructor(
    message: string,
    /** The engine's HTTP status when the engine answered with an error. */
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'RemoteControlError';
  }
}

interface Pending {
  type: string;
  resolve: (message: RemoteServerMessage) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The browser's end of the remote-control socket: connects to the relay, authenticates for one engine, and
 * turns calls into request/answer pairs with the timeouts, reconnection and heartbeat of spec §4 and §9.
 */
export class RemoteControlClient {
  private socket: WebSocket | null = null;
  private stateValue: ConnectionState = 'disconnected';
  private authenticated = false;
  private manual = false;
  private attempts = 0;
  private sequence = 0;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private readonly pending = new Map<string, Pending>();
  private readonly controlListeners = new Set<(control: AnsweredControl) => void>();
  private readonly timings: RemoteControlTimings;

  constructor(private readonly options: RemoteControlOptions) {
    this.timings = {
      reconnectDelayMs: REMOTE_CONTROL.reconnectDelayMs,
      reconnectAttempts: REMOTE_CONTROL.reconnectAttempts,
      connectTimeoutMs: REMOTE_CONTROL.connectTimeoutMs,
      authTimeoutMs: REMOTE_CONTROL.authTimeoutMs,
      apiCallTimeoutMs: REMOTE_CONTROL.apiCallTimeoutMs,
      heartbeatMs: REMOTE_CONTROL.heartbeatMs,
      ...options.timings,
    };
  }

  get state(): ConnectionState {
    return this.stateValue;
  }

  get isAuthenticated(): boolean {
    return this.authenticated;
  }

  /** Opens the socket and authenticates; resolves when calls can be made. */
  async connect(): Promise<void> {
    this.manual = false;
    this.attempts = 0;
    await this.open('connecting');
  }

  /** Closes for good: no reconnection, pending calls rejected with "Manual disconnect". */
  disconnect(): void {
    this.manual = true;
    this.stopHeartbeat();
    this.rejectAll(SOCKET_MESSAGES.manualDisconnect);
    this.authenticated = false;
    this.socket?.close();
    this.socket = null;
    this.setState('disconnected');
  }

  /** Waits until connected and authenticated, polling as spec §9 says. */
  async waitUntilReady(timeoutMs: number = RETRY.readyWaitMs): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(this.stateValue === 'connected' && this.authenticated)) {
      if (this.stateValue === 'failed' || Date.now() > deadline)
        throw new RemoteControlError(SOCKET_MESSAGES.notReadyWithin(timeoutMs));
      await sleep(RETRY.readyPollMs);
    }
  }

  /**
   * Hears of every call that changed the picture (isPictureControl) once the engine confirmed it, with when it was
   * sent and answered; the viewport times the first frame after it. Returns the unsubscribe.
   */
  onControlAnswered(listener: (control: AnsweredControl) => void): () => void {
    this.controlListeners.add(listener);
    return () => this.controlListeners.delete(listener);
  }

  /** Forwards one Remote Control HTTP call to the engine; resolves to the engine's body on 2xx. */
  async call<T = unknown>(
    url: string,
    body?: unknown,
    method: 'GET' | 'PUT' | 'POST' = 'PUT',
    type: 'api_call' | 'render_api_call' = 'api_call',
  ): Promise<T> {
    const sentAt = performance.now();
    const answer = await this.request(
      type,
      { url, method, body, instanceId: this.options.instanceId },
      this.timings.apiCallTimeoutMs,
    );
    if (answer.type !== type) throw new RemoteControlError(SOCKET_MESSAGES.apiRequestFailed);
    const result: RemoteCallResult = answer.payload;
    if (result.status < 200 || result.status >= 300) {
      const message =
        typeof result.body === 'object' && result.body !== null && 'errorMessage' in result.body
          ? String(result.body.errorMessage)
          : SOCKET_MESSAGES.apiRequestFailed;
      throw new RemoteControlError(message, result.status, result.body);
    }
    if (type === 'api_call' && this.controlListeners.size > 0 && isPictureControl(url, method, body)) {
      const control = { sentAt, answeredAt: performance.now() };
      for (const listener of this.controlListeners) listener(control);
    }
    return result.body as T;
  }

  /** The relay's health check, within the spec's 5000 ms. */
  async healthCheck(
    timeoutMs: number = RETRY.healthCheckMs,
  ): Promise<{ authenticated: boolean; engineReachable: boolean }> {
    const answer = await this.request('health_check', undefined, timeoutMs);
    if (answer.type !== 'health_check') throw new RemoteControlError(SOCKET_MESSAGES.apiRequestFailed);
    return answer.payload;
  }

  /** Spec §9 retry wrapper: two more tries, a second apart. */
  async withRetry<T>(
    operation: () => Promise<T>,
    retries: number = RETRY.retries,
    delayMs: number = RETRY.delayMs,
  ): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await operation();
      } catch (error) {
        if (attempt >= retries) throw error;
        await sleep(delayMs);
      }
    }
  }

  private async open(state: 'connecting' | 'reconnecting'): Promise<void> {
    this.setState(state);
    this.authenticated = false;
    const socket = (this.options.createSocket ?? ((url) => new WebSocket(url)))(this.options.url);
    this.socket = socket;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        socket.close();
        reject(new RemoteControlError(SOCKET_MESSAGES.connectionTimeout));
      }, this.timings.connectTimeoutMs);
      socket.addEventListener('open', () => {
        clearTimeout(timer);
        resolve();
      });
      // A socket that closes before it opens has failed, whether or not an error came first: waiting for the
      // connect timeout instead held each attempt 15 s.
      const failed = () => {
        clearTimeout(timer);
        reject(new RemoteControlError(SOCKET_MESSAGES.connectionFailed));
      };
      socket.addEventListener('error', failed);
      socket.addEventListener('close', failed);
    }).catch(async (error: unknown) => {
      if (this.socket === socket) this.socket = null;
      if (!(await this.scheduleReconnect())) throw error;
    });
    if (this.socket !== socket) return;
    socket.addEventListener('message', (event) => this.receive(event.data));
    socket.addEventListener('close', () => void this.closed(socket));
    this.setState('connected');
    this.startHeartbeat();
    try {
      await this.authenticate();
    } catch (error) {
      // A socket the relay will not authenticate is no connection: it is dropped at once rather than left open
      // until the relay's auth deadline closes it. On a reconnect the refusal counts as an attempt, so a relay that
      // keeps refusing ends in failed, not in a loop that reads "connected" between refusals.
      const current = this.socket === socket;
      if (current) {
        this.socket = null;
        this.stopHeartbeat();
        socket.close();
      }
      if (state === 'connecting') {
        // The caller hears of the failure; no reconnection (begun by a close meanwhile) goes on behind its back.
        this.manual = true;
        this.setState('failed');
        throw error;
      }
      // A socket that closed while authenticating has already scheduled the next attempt.
      if (current && !(await this.scheduleReconnect())) throw error;
      return;
    }
    // Only an authenticated connection is a success that earns the reconnection attempts back.
    this.attempts = 0;
  }

  private async authenticate(): Promise<void> {
    const token = this.options.getToken();
    if (!token) throw new RemoteControlError(SOCKET_MESSAGES.authenticationFailed);
    const answer = await this.request(
      'auth',
      { token, instanceId: this.options.instanceId },
      this.timings.authTimeoutMs,
      true,
    );
    if (answer.type !== 'auth_success') {
      const message =
        'payload' in answer && typeof answer.payload === 'object' && 'message' in answer.payload
          ? answer.payload.message
          : SOCKET_MESSAGES.authenticationFailed;
      throw new RemoteControlError(message);
    }
    this.authenticated = true;
  }

  private request(type: string, payload: unknown, timeoutMs: number, beforeAuth = false): Promise<RemoteServerMessage> {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN)
      return Promise.reject(new RemoteControlError(SOCKET_MESSAGES.notConnected));
    if (!beforeAuth && type !== 'health_check' && !this.authenticated)
      return Promise.reject(new RemoteControlError(SOCKET_MESSAGES.authenticationFailed));
    this.sequence += 1;
    const requestId = `${Date.now().toString(36)}-${this.sequence}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(requestId);
        reject(new RemoteControlError(SOCKET_MESSAGES.requestTimeout(timeoutMs, type)));
      }, timeoutMs);
      this.pending.set(requestId, { type, resolve, reject, timer });
      socket.send(JSON.stringify(payload === undefined ? { type, requestId } : { type, requestId, payload }));
    });
  }

  private receive(data: unknown): void {
    let json: unknown;
    try {
      json = JSON.parse(typeof data === 'string' ? data : String(data));
    } catch {
      return;
    }
    const parsed = remoteServerMessageSchema.safeParse(json);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === 'ping') {
      this.socket?.send(JSON.stringify({ type: 'pong', timestamp: message.timestamp }));
      return;
    }
    const requestId = 'requestId' in message ? message.requestId : undefined;
    const pending = requestId ? this.pending.get(requestId) : undefined;
    const errorText =
      'payload' in message && typeof message.payload === 'object' && 'message' in message.payload
        ? message.payload.message
        : null;
    // Spec §8: a message that mentions auth is an auth error: forget the authentication and authenticate again.
    if (
      (message.type === 'auth_required' || (message.type === 'error' && errorText && isAuthErrorMessage(errorText))) &&
      pending?.type !== 'auth'
    ) {
      this.authenticated = false;
      void this.authenticate().catch(() => undefined);
    }
    if (!pending || !requestId) return;
    this.pending.delete(requestId);
    clearTimeout(pending.timer);
    if (message.type === 'error' || message.type === 'auth_required')
      pending.reject(new RemoteControlError(errorText ?? SOCKET_MESSAGES.apiRequestFailed));
    else pending.resolve(message);
  }

  private async closed(socket: WebSocket): Promise<void> {
    if (this.socket !== socket) return;
    this.socket = null;
    this.authenticated = false;
    this.stopHeartbeat();
    if (this.manual) return;
    await this.scheduleReconnect();
  }

  /** Reconnects after 2000 ms × attempt, three times; then fails and rejects every pending call. */
  private async scheduleReconnect(): Promise<boolean> {
    if (this.manual) return false;
    if (this.attempts >= this.timings.reconnectAttempts) {
      this.setState('failed');
      this.rejectAll(SOCKET_MESSAGES.connectionFailed);
      return false;
    }
    this.attempts += 1;
    this.setState('reconnecting');
    await sleep(this.timings.reconnectDelayMs * this.attempts);
    // The user may have disconnected while we waited.
    if (this.wasDisconnectedByUser()) return false;
    try {
      await this.open('reconnecting');
      return true;
    } catch {
      return this.stateValue !== 'failed';
    }
  }

  private wasDisconnectedByUser(): boolean {
    return this.manual;
  }

  private rejectAll(message: string): void {
    for (const [requestId, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(new RemoteControlError(message));
      this.pending.delete(requestId);
    }
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.heartbeat = setInterval(() => {
      if (this.socket?.readyState === WebSocket.OPEN)
        this.socket.send(JSON.stringify({ type: 'ping', timestamp: Date.now() }));
    }, this.timings.heartbeatMs);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private setState(state: ConnectionState): void {
    if (this.stateValue === state) return;
    this.stateValue = state;
    this.options.onStateChange?.(state);
  }
}
