import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { hideLoading, useLoadingStore } from '@/lib/loading/loading-store';

/** The app's one loading overlay (spec §2, glassmorphic), showing the global loading state of spec §3. */
export function GlobalLoadingOverlay() {
  const state = useLoadingStore();
  return (
    <LoadingOverlay
      enabled={state.enabled}
      title={state.title}
      description={state.description}
      showPercentage={state.showPercentage}
      percentage={state.percentage}
      closeable={state.closeable}
      picture={state.picture}
      note={state.note}
      action={state.action}
      onClose={hideLoading}
      variant="glassmorphic"
    />
  );
}
