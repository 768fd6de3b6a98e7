export {
  RenderedAssetsPage,
  type RenderedAssetsPageProps,
  type ViewerActions,
} from './components/rendered-assets-page';
