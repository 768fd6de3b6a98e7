import { useAuthStore } from '@/features/auth';
import { LandingPage } from '@/features/landing';

export default function LandingRoute() {
  const name = useAuthStore((state) => state.user?.name ?? '');
  return <LandingPage userName={name} />;
}
