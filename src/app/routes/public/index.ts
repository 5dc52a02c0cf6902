// The public site's static screens: the lazy chunk a first visit to `/` loads (no zod, no forms).
export { HomePage } from './home.tsx';
export { HowItWorksPage } from './how-it-works.tsx';
