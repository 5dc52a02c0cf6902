// GET /api/admin/exports/customers.csv: customers with consent flags and wording, streamed.
import { CUSTOMER_EXPORT_COLUMNS, routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, RANGE } from '../texts.ts';

export const exportCustomers = endpoint({
  ...routes.exportCustomers, tag: 'Admin', roles: ['admin'],
  summary: 'CSV of customers with their consent flags and the consent wording they agreed to',
  description:
    `Takes the filters of GET /api/admin/customers (search, location, range, from, to); \`range\` defaults to \`all\`. ${RANGE} ` +
    `Columns: ${CUSTOMER_EXPORT_COLUMNS.map((c) => c.title).join(', ')}. Oldest customer first; streamed, so any ` +
    'number of rows works. Times are ISO 8601 UTC; a cell starting with = + - @ gets a leading apostrophe.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown location.' },
  handler: ({ streamCsv, query }) =>
    streamCsv({
      fn: 'app.admin_export_customers',
      args: { p_search: query.search, p_location_id: query.location, p_range: query.range, p_from: query.from, p_to: query.to },
      columns: [...CUSTOMER_EXPORT_COLUMNS],
      filename: `customers-${new Date().toISOString().slice(0, 10)}.csv`,
    }),
});
