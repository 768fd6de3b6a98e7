export { SystemPage } from './components/system-page';
