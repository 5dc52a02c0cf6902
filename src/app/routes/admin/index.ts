// The admin screens, one lazy chunk (with whatever chart library they load).
export { AdminDashboardPage } from './dashboard.tsx';
