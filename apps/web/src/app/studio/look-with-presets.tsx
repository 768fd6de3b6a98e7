import { useState } from 'react';
import { API_ROUTES, FAILURE_TOASTS, type Preset } from '@autostudio/protocol';
import { useAuthStore } from '@/features/auth';
import { LookPanel } from '@/features/look';
import { PresetBrowser, usePresetBrowserStore } from '@/features/presets';
import { ShareDialog, shareItem } from '@/features/sharing';

/** The Look tab: post-process presets above the look's own values, and the share dialog for a preset. */
export function LookWithPresets() {
  const user = useAuthStore((state) => state.user);
  const [sharing, setSharing] = useState<Preset | null>(null);
  return (
    <>
      {user && <PresetBrowser user={user} onShare={setSharing} />}
      <LookPanel />
      {user && sharing && (
        <ShareDialog
          open
          onOpenChange={(next) => !next && setSharing(null)}
          itemName={sharing.name}
          access={sharing}
          excludeUserIds={[user.id, ...(sharing.ownerId ? [sharing.ownerId] : [])]}
          ownerLabel={sharing.ownerId === user.id ? `${user.name} (you)` : undefined}
          failures={{ users: FAILURE_TOASTS.sharePresetWithUsers, groups: FAILURE_TOASTS.sharePresetWithGroups }}
          onShare={async (principal, ids, remove) => {
            const access = await shareItem(API_ROUTES.presets, sharing.id, principal, ids, remove);
            void usePresetBrowserStore.getState().load();
            return access;
          }}
        />
      )}
    </>
  );
}
