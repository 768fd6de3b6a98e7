export { AssetModelsPage, type AssetModelsPageProps } from './components/asset-models-page';
