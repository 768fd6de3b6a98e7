import { useEffect, useEffectEvent, useRef, useState } from 'react';

/** Where an idle studio stands: in use, warned (and how long is left), or out of time. */
export type IdlePhase = { kind: 'active' } | { kind: 'warning'; secondsLeft: number } | { kind: 'expired' };

/** What counts as the user being there: any pointer, key, wheel or touch on the page. */
const INPUT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;
/** Often enough for a countdown in whole seconds to tick on time. */
const TICK_MS = 250;

export interface IdleCountdownOptions {
  /** False stops watching (no session to give back); turning it on again starts from now. */
  enabled: boolean;
  idleMs: number;
  countdownMs: number;
  /** Called once when the countdown runs out. */
  onExpire: () => void;
}

/**
 * Watches the page for input. After `idleMs` without any it warns, counting down `countdownMs`; any input puts it
 * back to active; at zero it expires once. Elapsed time is read from the clock, not counted in ticks, so a tab the
 * browser throttled in the background still expires on time.
 */
export function useIdleCountdown({ enabled, idleMs, countdownMs, onExpire }: IdleCountdownOptions): IdlePhase {
  const [phase, setPhase] = useState<IdlePhase>({ kind: 'active' });
  const lastInput = useRef(0);
  const expire = useEffectEvent(onExpire);

  useEffect(() => {
    if (!enabled || idleMs <= 0) return;
    lastInput.current = Date.now();
    let expired = false;
    const update = () => {
      if (expired) return;
      const idle = Date.now() - lastInput.current;
      if (idle < idleMs) {
        setPhase((current) => (current.kind === 'active' ? current : { kind: 'active' }));
        return;
      }
      const left = idleMs + countdownMs - idle;
      if (left > 0) {
        const secondsLeft = Math.ceil(left / 1000);
        setPhase((current) =>
          current.kind === 'warning' && current.secondsLeft === secondsLeft
            ? current
            : { kind: 'warning', secondsLeft },
        );
        return;
      }
      expired = true;
      setPhase({ kind: 'expired' });
      expire();
    };
    const onInput = () => {
      lastInput.current = Date.now();
      update();
    };
    for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { capture: true, passive: true });
    const timer = setInterval(update, TICK_MS);
    return () => {
      for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, { capture: true });
      clearInterval(timer);
      // Watching again later starts from a studio in use.
      setPhase({ kind: 'active' });
    };
  }, [enabled, idleMs, countdownMs]);

  return phase;
}
