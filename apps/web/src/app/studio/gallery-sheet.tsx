import { lazy, Suspense, useState } from 'react';
import type { RenderedAsset, User } from '@autostudio/protocol';
import { useInvalidateRenderedAssets } from '@/api/rendered-assets';
import { GalleryPanel } from '@/features/gallery/components/gallery-panel';

const ShareItemDialog = lazy(() => import('@/features/sharing').then((m) => ({ default: m.ShareItemDialog })));

/** The gallery with the studio's share dialog for its renders. */
export function GallerySheet({ user }: { user: User }) {
  const [sharing, setSharing] = useState<RenderedAsset | null>(null);
  const invalidate = useInvalidateRenderedAssets();
  return (
    <>
      <GalleryPanel user={user} onShare={setSharing} />
      <Suspense fallback={null}>
        {sharing && (
          <ShareItemDialog
            kind="renderedAsset"
            item={sharing}
            user={user}
            onClose={() => setSharing(null)}
            onChanged={() => void invalidate()}
          />
        )}
      </Suspense>
    </>
  );
}
