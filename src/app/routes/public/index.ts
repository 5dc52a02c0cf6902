// The home page: the lazy chunk a first visit to `/` loads (no zod, no forms, no TanStack Query).
export { HomePage } from './home.tsx';
