import { ENGINE_CONTROL_ROUTES } from '@autostudio/protocol';

const RESET_TIMEOUT_MS = 15_000;

/** What an engine said to a reset: done, or it has no such route (Unreal). */
export type ResetOutcome = 'reset' | 'unsupported';

/**
 * Asks an engine to go back to its default scene without restarting (the reference engine's control route, outside
 * `/remote/`). `key` is the engine's control key; engines started without one answer loopback callers only.
 */
export async function resetEngineScene(instanceId: string, key?: string): Promise<ResetOutcome> {
  const response = await fetch(`http://${instanceId}${ENGINE_CONTROL_ROUTES.reset}`, {
    method: 'POST',
    headers: key ? { authorization: `Bearer ${key}` } : {},
    signal: AbortSignal.timeout(RESET_TIMEOUT_MS),
  });
  // Unreal has no such route: it answers 404 and its scene is put right by the next product load instead.
  if (response.status === 404) return 'unsupported';
  if (!response.ok) throw new Error(`the engine refused the reset: ${response.status} ${await response.text()}`);
  return 'reset';
}
