// How It Works, its own chunk so the first load of `/` does not carry it.
export { HowItWorksPage } from './how-it-works.tsx';
