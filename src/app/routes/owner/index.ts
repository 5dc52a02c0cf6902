// The business owner's screen (issue 21 §3), its own lazy chunk.
export { OwnerDashboardPage } from './dashboard.tsx';
