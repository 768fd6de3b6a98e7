import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { SessionStatusIndicator, useSessionHeartbeat, useSessionStore } from '@/features/session';
import { StudioPage } from '@/features/studio';

/** The configurator (spec §2: requires a loaded product; without one the user goes back to choose one). */
export default function HomeRoute() {
  const product = useSessionStore((state) => state.product);
  useSessionHeartbeat();
  if (!product) return <Navigate to={paths.landing} replace />;
  return <StudioPage product={product} status={<SessionStatusIndicator />} />;
}
