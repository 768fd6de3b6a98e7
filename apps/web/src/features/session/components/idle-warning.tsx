import { Hourglass } from 'lucide-react';
import { IDLE_MESSAGES } from '@autostudio/protocol';
import { Button } from '@/components/ui/button';

interface IdleWarningProps {
  secondsLeft: number;
}

/**
 * The warning before an idle studio gives its engine back: over the top of the viewport, not a modal, so that
 * moving the mouse or pressing a key is already an answer; its button is the obvious one.
 */
export function IdleWarning({ secondsLeft }: IdleWarningProps) {
  return (
    <div className="pointer-events-none absolute inset-x-0 top-6 z-30 flex justify-center">
      <div
        role="alertdialog"
        aria-labelledby="idle-warning-title"
        aria-describedby="idle-warning-countdown"
        data-testid="idle-warning"
        className="pointer-events-auto flex w-[26rem] items-start gap-3 rounded-lg border border-white/10 bg-surface/90 p-4 shadow-2xl shadow-black/50 backdrop-blur-xl"
      >
        <Hourglass className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <div className="flex flex-1 flex-col gap-2">
          <p id="idle-warning-title" className="text-sm font-medium">
            {IDLE_MESSAGES.title}
          </p>
          <p id="idle-warning-countdown" className="text-xs text-muted-foreground" aria-live="polite">
            {IDLE_MESSAGES.countdown(secondsLeft)}
          </p>
          <div className="flex items-center justify-between">
            <span className="text-2xl font-semibold tabular-nums" aria-hidden>
              {Math.floor(secondsLeft / 60)}:{String(secondsLeft % 60).padStart(2, '0')}
            </span>
            {/* Any input keeps the engine (useIdleCountdown listens to the whole page): the click is the answer. */}
            <Button size="sm">{IDLE_MESSAGES.stay}</Button>
          </div>
        </div>
      </div>
    </div>
  );
}
