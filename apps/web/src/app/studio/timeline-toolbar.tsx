import { Film } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { canCreate } from '@autostudio/protocol';
import { Button } from '@/components/ui/button';
// The store alone, not the feature's index: that would bring the timeline panel into this chunk, which loads with
// the studio's first paint (the /home budget); the panel loads with the timeline.
import { useTimelineStore } from '@/features/animation/stores/timeline-store';
import { useFollowEngine } from '@/features/animation/hooks/use-follow-engine';
import { useAuthStore } from '@/features/auth';
import { cn } from '@/lib/cn';
import { useEngineStore } from '@/lib/engine';

// The panel, its saved animations and the share dialog load when the timeline is first opened (the /home budget).
const TimelineWithPresets = lazy(() =>
  import('./timeline-with-presets').then((m) => ({ default: m.TimelineWithPresets })),
);

/** Whoever may save an animation (a preset) edits the timeline; a guest gets none of it (issue 17 item 7). */
function useMayEditTimeline(): boolean {
  const user = useAuthStore((state) => state.user);
  return user !== null && canCreate(user, 'preset');
}

/** The toolbar's Timeline button: opens and closes the animation timeline under the viewport. */
export function TimelineButton() {
  const isOpen = useTimelineStore((state) => state.isOpen);
  // The button is on the toolbar for the whole studio visit, open timeline or not.
  useFollowEngine(useTimelineStore.getState().followEngine);
  const engineIsReady = useEngineStore((state) => state.status === 'ready');
  if (!useMayEditTimeline()) return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-pressed={isOpen}
      disabled={!engineIsReady && !isOpen}
      onClick={() => (isOpen ? useTimelineStore.getState().close() : useTimelineStore.getState().open())}
      title={isOpen ? 'Close the animation timeline' : 'Open the animation timeline'}
    >
      <Film aria-hidden />
      Timeline
    </Button>
  );
}

/** The timeline docked along the viewport's bottom edge while open. */
export function TimelineDock() {
  const isOpen = useTimelineStore((state) => state.isOpen);
  const mayEdit = useMayEditTimeline();
  if (!isOpen || !mayEdit) return null;
  return (
    <Suspense fallback={null}>
      <TimelineWithPresets />
    </Suspense>
  );
}

/** Keeps what floats in the viewport's bottom corner (the render jobs tray) above the open timeline. */
export function AboveTimeline({ children }: { children: ReactNode }) {
  const isOpen = useTimelineStore((state) => state.isOpen);
  return <div className={cn(isOpen && '[&>section]:bottom-[224px] [&>section]:max-h-[40%]')}>{children}</div>;
}
