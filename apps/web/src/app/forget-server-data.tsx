import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAuthStore } from '@/features/auth';

/**
 * Server data belongs to the one who fetched it: when the signed-in user changes (a sign-out, or another sign-in in
 * the same tab), every cached answer is dropped. Otherwise the next user's lists (configurations, presets, renders,
 * the console's tables) opened on the previous user's rows until their own arrived. The tab's renders and the
 * gallery's place go with them (the server's jobs go on, and their results reach the gallery); a first sign-in
 * keeps them, as after a reload the renders come back from the tab's storage before the user does.
 */
export function ForgetServerDataOnUserChange() {
  const client = useQueryClient();
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const shown = useRef(userId);
  useEffect(() => {
    if (shown.current === userId) return;
    const previous = shown.current;
    shown.current = userId;
    client.clear();
    if (previous === null) return;
    // Loaded on demand: the sign-in page's bundle need not carry the studio's stores. Loading the renders' store
    // reads the tab's storage, so clearing it empties that too.
    void import('@/features/render/stores/render-jobs-store').then(({ useRenderJobsStore }) =>
      useRenderJobsStore.getState().clear(),
    );
    void import('@/features/gallery/stores/gallery-store').then(({ useGalleryStore }) =>
      useGalleryStore.getState().clear(),
    );
  }, [client, userId]);
  return null;
}
