import { useEffect } from 'react';
import { useAuthStore } from '@/features/auth';
import { MediaCookieKeeper } from '@/lib/storage/media-cookie';

/** Keeps the media cookie while someone is signed in (spec §7 Storage), so images under /api/media display. */
export function useMediaCookie(): void {
  useEffect(() => {
    const keeper = new MediaCookieKeeper();
    const follow = (signedIn: boolean) => {
      if (signedIn) keeper.start();
      else keeper.stop();
    };
    follow(useAuthStore.getState().isAuthenticated);
    const unsubscribe = useAuthStore.subscribe((state) => follow(state.isAuthenticated));
    return () => {
      unsubscribe();
      keeper.stop();
    };
  }, []);
}
