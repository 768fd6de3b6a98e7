export { ComparePage, type ComparePageProps } from './components/compare-page';
export { comparedIds } from './lib/compare-rows';
