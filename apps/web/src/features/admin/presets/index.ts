export { PresetsPage, type PresetsPageProps } from './components/presets-page';
