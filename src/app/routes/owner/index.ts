// The business owner's screen, its own lazy chunk.
export { OwnerDashboardPage } from './dashboard.tsx';
