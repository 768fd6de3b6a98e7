export { StudioPage, type StudioPageProps } from './components/studio-page';
export { StudioInspector } from './components/studio-inspector';
export type { InspectorPanel } from './components/inspector';
export { useEngineConnection } from './hooks/use-engine-connection';
