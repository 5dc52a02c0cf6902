// Every admin GET endpoint of the api, with every range it takes, as the bench requests them.

/** YYYY-MM-DD of `days` ago (UTC). */
const day = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
/** YYYY-MM of last month. */
function lastMonth() {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
    .toISOString()
    .slice(0, 7);
}

const RANGES = [
  'range=7days',
  'range=30days',
  'range=3months',
  `range=custom&from=${day(365)}&to=${day(0)}`,
];
const WITH_ALL = [...RANGES, 'range=all'];
const label = (query: string) => query.replace(/^range=/, '').replace(/&from=.*$/, ' (1 year)');

export interface AdminCall {
  name: string;
  path: string;
  /** A CSV export: timed with fewer requests (each streams up to 100k rows). */
  download?: boolean;
}

export function adminCalls(ids: { customerId: string; locationId: string }): AdminCall[] {
  const calls: AdminCall[] = [];
  const ranged = (name: string, path: string, ranges: string[]) => {
    for (const query of ranges)
      calls.push({ name: `${name} ${label(query)}`, path: `${path}?${query}` });
  };
  ranged('metrics', '/api/admin/metrics', RANGES);
  calls.push({
    name: 'metrics 7days at a location',
    path: `/api/admin/metrics?location=${ids.locationId}`,
  });
  calls.push({ name: 'activity', path: '/api/admin/activity' });
  ranged('top-locations', '/api/admin/top-locations', RANGES);
  ranged('customers', '/api/admin/customers', WITH_ALL);
  calls.push({
    name: 'customers all by name',
    path: '/api/admin/customers?range=all&sort=name&order=asc',
  });
  calls.push({
    name: 'customers all by points p500',
    path: '/api/admin/customers?range=all&sort=points&page=500',
  });
  calls.push({
    name: 'customers search name',
    path: '/api/admin/customers?range=all&search=garcia%2077',
  });
  calls.push({
    name: 'customers search phone',
    path: '/api/admin/customers?range=all&search=0001234',
  });
  ranged('customers/count', '/api/admin/customers/count', WITH_ALL);
  calls.push({ name: 'customer detail', path: `/api/admin/customers/${ids.customerId}` });
  ranged('visits/daily', '/api/admin/visits/daily', RANGES);
  ranged('rewards', '/api/admin/rewards', WITH_ALL);
  ranged('locations', '/api/admin/locations', WITH_ALL);
  calls.push({
    name: 'kiosks of a location',
    path: `/api/admin/locations/${ids.locationId}/kiosks`,
  });
  calls.push({ name: 'catalogue', path: '/api/admin/catalogue' });
  calls.push({ name: 'audit', path: '/api/admin/audit' });
  calls.push({ name: 'draws', path: '/api/admin/draws' });
  calls.push({ name: 'referrals', path: '/api/admin/referrals' });
  calls.push({ name: 'messages', path: '/api/admin/messages' });
  calls.push({ name: 'flags', path: '/api/admin/flags' });
  calls.push({
    name: 'settlement last month',
    path: `/api/admin/coalition/settlement?month=${lastMonth()}`,
  });
  calls.push({
    name: 'settlement.csv last month',
    path: `/api/admin/coalition/settlement.csv?month=${lastMonth()}`,
  });
  ranged('cross-shopping', '/api/admin/coalition/cross-shopping', RANGES);
  calls.push({
    name: 'funder report last month',
    path: `/api/admin/funder-report?month=${lastMonth()}`,
  });
  calls.push({
    name: 'business report last month',
    path: `/api/admin/coalition/business-report?location=${ids.locationId}&month=${lastMonth()}`,
  });
  calls.push({
    name: 'export customers.csv all',
    path: '/api/admin/exports/customers.csv?range=all',
    download: true,
  });
  calls.push({
    name: 'export visits.csv 7days',
    path: '/api/admin/exports/visits.csv',
    download: true,
  });
  return calls;
}

/** The few the dashboard's first screen asks for, timed at 32 and 64 clients too. */
export const DASHBOARD = [
  'metrics 7days',
  'activity',
  'top-locations 7days',
  'customers 7days',
  'visits/daily 7days',
];
