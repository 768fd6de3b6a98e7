import { useState } from 'react';
import type { Preset } from '@autostudio/protocol';
import { useAuthStore } from '@/features/auth';
import { LookPanel } from '@/features/look';
import { useInvalidatePresets } from '@/api/presets';
import { PresetBrowser } from '@/features/presets';
import { ShareItemDialog } from '@/features/sharing';

/** The Look tab: post-process presets above the look's own values, and the share dialog for a preset. */
export function LookWithPresets() {
  const user = useAuthStore((state) => state.user);
  const [sharing, setSharing] = useState<Preset | null>(null);
  const invalidatePresets = useInvalidatePresets();
  return (
    <>
      {user && <PresetBrowser user={user} onShare={setSharing} />}
      <LookPanel />
      {user && sharing && (
        <ShareItemDialog
          kind="preset"
          item={sharing}
          user={user}
          onClose={() => setSharing(null)}
          onChanged={() => void invalidatePresets()}
        />
      )}
    </>
  );
}
