import { STATE_MESSAGES, type SessionResponse } from '@autostudio/protocol';
import { showLoading } from '@/lib/loading/loading-store';
import { reconnectSession, sendHeartbeat } from '@/api/sessions';
import { useSessionStore } from '../stores/session-store';
import { attachSession, loadProduct, PRODUCT_LOAD_STEPS } from './load-product';
import type { StudioMemory } from './studio-memory';

/**
 * What a reloaded /home does with the studio the tab remembers:
 * - `landing`: the session is over (released, expired, failed): back to /landing, as without a product;
 * - `reattach`: the same session on the same engine, which kept its scene: reconnect, and leave the car alone;
 * - `reload`: the server lent another engine (the old one stopped answering): load the product in it again.
 */
export type ResumePlan = { kind: 'landing' } | { kind: 'reattach' | 'reload'; answer: SessionResponse };

/** Decides from the reloaded page's first heartbeat and the server's reconnect answer (null: not asked yet). */
export function resumePlan(
  memory: StudioMemory,
  heartbeat: SessionResponse,
  reconnect: SessionResponse | null,
): ResumePlan | null {
  if (!heartbeat.success || heartbeat.sessionDetails?.sessionId !== memory.sessionId) return { kind: 'landing' };
  if (!reconnect) return null;
  if (!reconnect.success || !reconnect.sessionDetails) return { kind: 'landing' };
  return { kind: reconnect.sessionDetails.sessionId === memory.sessionId ? 'reattach' : 'reload', answer: reconnect };
}

/**
 * Returns a reloaded /home to the remembered studio, behind the global loading overlay. The heartbeat comes first:
 * it is what tells the server that the page which closed came back (sessions.service releaseAfterPageClose).
 * Resolves true when the studio is back, false when the user belongs on /landing.
 */
export async function resumeStudio(memory: StudioMemory): Promise<boolean> {
  const { product } = memory;
  const overlay = showLoading({
    title: `Reconnecting to ${product.name}...`,
    description: 'Returning to your session',
  });
  try {
    useSessionStore.getState().loading();
    const heartbeat = await sendHeartbeat(memory.sessionId);
    const plan = resumePlan(memory, heartbeat, null) ?? resumePlan(memory, heartbeat, await reconnectSession());
    const details = plan?.kind === 'landing' ? null : plan?.answer.sessionDetails;
    if (!plan || plan.kind === 'landing' || !details) {
      useSessionStore.getState().clear();
      return false;
    }
    if (plan.kind === 'reattach') {
      await attachSession(details, plan.answer.message);
      useSessionStore.getState().productLoaded(product, 'resumed');
      return true;
    }
    overlay.update({
      title: `Loading ${product.name}...`,
      showPercentage: true,
      description: PRODUCT_LOAD_STEPS.session,
    });
    await loadProduct(
      product,
      (percentage) => overlay.update(percentage),
      (step) => overlay.update({ description: PRODUCT_LOAD_STEPS[step] }),
    );
    return true;
  } catch (error) {
    console.error('resuming the studio failed', error);
    useSessionStore.getState().failed(error instanceof Error ? error.message : STATE_MESSAGES.createSessionFailed);
    throw error;
  } finally {
    overlay.hide();
  }
}
