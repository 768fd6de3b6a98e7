export { AdminHome } from './components/admin-home';
export { AdminLayout, ADMIN_SECTIONS } from './components/admin-layout';
