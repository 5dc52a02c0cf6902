// GET /api/admin/coalition/settlement: who owes whom for rewards honoured across businesses in a month.
import { routes } from '../../../contract.ts';
import { endpoint } from '../../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN } from '../../texts.ts';
import { SETTLEMENT_RULE } from './texts.ts';

export const settlement = endpoint({
  ...routes.settlement, tag: 'Admin', roles: ['admin'],
  summary: 'Settlement statement of a month: rewards honoured across businesses, netted per pair',
  description: SETTLEMENT_RULE,
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.' },
  handler: ({ call, query }) => call('app.admin_settlement', { p_month: query.month }),
});
