export { StudioPage, type StudioPageProps } from './components/studio-page';
