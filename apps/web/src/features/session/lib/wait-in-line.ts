import { ENGINE_LINE, LINE_MESSAGES, type LineStanding, type SessionDetails } from '@autostudio/protocol';
import { keepLinePlace, leaveLine, requestAllocate } from '@/api/sessions';

/** The user chose to leave the waiting line: nothing failed, and there is nothing to tell them but that. */
export class LeftLineError extends Error {
  override name = 'LeftLineError';
  constructor() {
    super(LINE_MESSAGES.left);
  }
}

export interface InTurn {
  /** Where the user stands, each time the line is asked while they wait. */
  onStanding: (standing: LineStanding) => void;
  /** Aborted: the user leaves the line. */
  signal?: AbortSignal | undefined;
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new LeftLineError());
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new LeftLineError());
      },
      { once: true },
    );
  });
}

/**
 * An engine session: at once when an engine is free, else after a wait in the server's line. The place is kept by
 * asking for it every ENGINE_LINE.pollMs; when it is the user's turn the session is asked for again. Leaving (the
 * signal) or the page going away gives the place up at once, so that the next in line need not wait for it to lapse.
 */
export async function allocateInTurn({
  onStanding,
  signal,
}: InTurn): Promise<{ details: SessionDetails; message: string }> {
  const leaveWithPage = () => void leaveLine({ keepalive: true }).catch(() => {});
  let refusedInTurn = false;
  try {
    for (;;) {
      const allocation = await requestAllocate();
      if (allocation.success && allocation.sessionDetails)
        return { details: allocation.sessionDetails, message: allocation.message };
      window.addEventListener('pagehide', leaveWithPage);
      // Refused on the user's turn (another took the engine first, or it stopped answering): not again at once.
      if (refusedInTurn) await pause(ENGINE_LINE.pollMs, signal);
      for (;;) {
        if (signal?.aborted) throw new LeftLineError();
        const standing = await keepLinePlace(signal);
        if (standing.yourTurn) break;
        onStanding(standing);
        await pause(ENGINE_LINE.pollMs, signal);
      }
      refusedInTurn = true;
    }
  } catch (error) {
    if (signal?.aborted) {
      await leaveLine().catch(() => {});
      throw new LeftLineError();
    }
    throw error;
  } finally {
    window.removeEventListener('pagehide', leaveWithPage);
  }
}
