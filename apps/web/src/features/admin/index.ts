export { AdminHome } from './components/admin-home';
