// GET /api/admin/exports/visits.csv: the visits of the filtered range, streamed.
import { routes, VISIT_EXPORT_COLUMNS } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, RANGE } from '../texts.ts';

export const exportVisits = endpoint({
  ...routes.exportVisits, tag: 'Admin', roles: ['admin'],
  summary: 'CSV of the visits in the range (and at the location)',
  description:
    `Takes the filters of GET /api/admin/metrics (location, range, from, to). ${RANGE} Columns: ` +
    `${VISIT_EXPORT_COLUMNS.map((c) => c.title).join(', ')}. Oldest first; voided visits included with their ` +
    'status and reason. Streamed, so any number of rows works.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown location.' },
  handler: ({ streamCsv, query }) =>
    streamCsv({
      fn: 'app.admin_export_visits',
      args: { p_location_id: query.location, p_range: query.range, p_from: query.from, p_to: query.to },
      columns: [...VISIT_EXPORT_COLUMNS],
      filename: `visits-${query.location ?? 'all'}-${query.range === 'custom' ? `${query.from}-to-${query.to}` : query.range}.csv`,
    }),
});
