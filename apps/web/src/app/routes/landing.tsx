import { useAuthStore } from '@/features/auth';
import { LandingPage } from '@/features/landing';
import { useProductLoad } from '@/features/session';
import { StorageMeter } from '@/features/storage';

/** The landing page, with the product load of the session feature behind its choice (its overlay is the app's). */
export default function LandingRoute() {
  const name = useAuthStore((state) => state.user?.name ?? '');
  const load = useProductLoad();
  return (
    <LandingPage userName={name} onChoose={load.choose} loadingId={load.loading?.id ?? null} aside={<StorageMeter />} />
  );
}
