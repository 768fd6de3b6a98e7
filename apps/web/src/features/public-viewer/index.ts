export { PublicViewerPage } from './components/public-viewer-page';
