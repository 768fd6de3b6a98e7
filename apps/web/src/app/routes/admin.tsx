import { AdminHome } from '@/features/admin';

export default function AdminRoute() {
  return <AdminHome />;
}
