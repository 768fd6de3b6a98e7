import { useState } from 'react';
import { canManage, FAILURE_TOASTS, type Preset } from '@autostudio/protocol';
import { toast } from '@/lib/toast';
import { TimelinePanel, useTimelineStore } from '@/features/animation';
import { useAuthStore } from '@/features/auth';
import { captureSnapshot } from '@/features/configurations/lib/snapshot';
// By path: the presets feature's index carries the look's browser.
import { AnimationPresetBrowser } from '@/features/presets/components/animation-preset-browser';
import { createPresetBrowserStore } from '@/features/presets/stores/preset-browser-store';
import { useInvalidatePresets } from '@/api/presets';
import { ShareItemDialog } from '@/features/sharing';

/** Where the saved animations' browser is: they are animation presets. */
const useAnimationPresetsStore = createPresetBrowserStore();
/** An animation is copied with its own failure text (spec §8). */
const ANIMATION_TEXTS = { copyFailure: FAILURE_TOASTS.copySequence };

/** The stream's <video>; Epic's player library creates it inside the viewport, so it is found, not referenced. */
const capturePreview = () => {
  const video = document.querySelector<HTMLVideoElement>('[data-testid="viewport-area"] video');
  return video ? captureSnapshot(video) : Promise.resolve(null);
};

/** The timeline with the user's saved animations beside it (load, copy, share) and the share dialog. */
export function TimelineWithPresets() {
  const user = useAuthStore((state) => state.user);
  const openId = useTimelineStore((state) => state.presetId);
  const [sharing, setSharing] = useState<Preset | null>(null);
  const invalidatePresets = useInvalidatePresets();
  const reloadAnimations = () => void invalidatePresets();
  if (!user) return null;
  const load = (preset: Preset) => {
    const owned = canManage(user, 'preset', preset.ownerId) && !preset.isDefault;
    if (!useTimelineStore.getState().load(preset, owned)) toast.error(`“${preset.name}” has no frames to open`);
  };
  return (
    <>
      <TimelinePanel
        capturePreview={capturePreview}
        onSaved={reloadAnimations}
        library={
          <AnimationPresetBrowser
            store={useAnimationPresetsStore}
            texts={ANIMATION_TEXTS}
            user={user}
            openId={openId}
            onLoad={load}
            onShare={setSharing}
          />
        }
      />
      {sharing && (
        <ShareItemDialog
          kind="preset"
          item={sharing}
          user={user}
          onClose={() => setSharing(null)}
          onChanged={reloadAnimations}
        />
      )}
    </>
  );
}
