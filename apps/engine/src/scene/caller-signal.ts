import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whether anybody still waits for the call being handled: the HTTP server runs each request inside `waitedFor` with a
 * signal that aborts when its client goes away (the relay gave up, a browser closed). Long work (a still) reads it
 * with `callerSignal` and stops, rather than render for nobody while every later call waits behind it.
 */
const callers = new AsyncLocalStorage<AbortSignal>();

export function waitedFor<T>(signal: AbortSignal, work: () => T): T {
  return callers.run(signal, work);
}

/** The signal of whoever waits for the current call; undefined outside a request (tests, the render queue). */
export function callerSignal(): AbortSignal | undefined {
  return callers.getStore();
}
