export { ConfigsPage, type ConfigsPageProps } from './components/configs-page';
