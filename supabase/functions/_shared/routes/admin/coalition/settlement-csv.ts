// GET /api/admin/coalition/settlement.csv: the month's transfers between businesses, as a CSV download.
import { routes, SETTLEMENT_EXPORT_COLUMNS } from '../../../contract.ts';
import { endpoint } from '../../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN } from '../../texts.ts';
import { SETTLEMENT_RULE } from './texts.ts';

export const settlementCsv = endpoint({
  ...routes.settlementCsv, tag: 'Admin', roles: ['admin'],
  summary: 'Settlement statement of a month as CSV: one transfer per pair of businesses',
  description: `${SETTLEMENT_RULE} Columns: ${SETTLEMENT_EXPORT_COLUMNS.map((c) => c.title).join(', ')}; largest first.`,
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.' },
  handler: ({ streamCsv, query }) =>
    streamCsv({
      fn: 'app.admin_settlement_rows',
      args: { p_month: query.month },
      columns: [...SETTLEMENT_EXPORT_COLUMNS],
      filename: `settlement-${query.month}.csv`,
    }),
});
