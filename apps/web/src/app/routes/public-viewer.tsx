import { useParams } from 'react-router';
import { PublicViewerPage } from '@/features/public-viewer';

/** A configuration's share link, signed out (issue 33 item 4). */
export default function PublicViewerRoute() {
  const { token = '' } = useParams();
  return <PublicViewerPage token={token} />;
}
