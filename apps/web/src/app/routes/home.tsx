import { Navigate } from 'react-router';
import { paths } from '@/config/paths';

/**
 * The configurator (spec §2: requires a loaded product). Products are loaded through engine sessions; until one
 * is loaded this route sends the user back to choose one, as the spec's guard says.
 */
export default function HomeRoute() {
  return <Navigate to={paths.landing} replace />;
}
