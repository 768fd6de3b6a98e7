export { LandingPage, type LandingPageProps } from './components/landing-page';
