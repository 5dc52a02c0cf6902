// The admin screens, one lazy chunk (the chart library is a further lazy chunk inside it).
export { AdminDashboardPage } from './dashboard.tsx';
export { AdminBusinessReportPage } from './business-report.tsx';
export { AdminFunderReportPage } from './funder-report.tsx';
