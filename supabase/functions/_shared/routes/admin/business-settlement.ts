// GET /api/admin/locations/:locationId/settlement: one business's line of a month's settlement.
import { routes } from '../../contract.ts';
import { requireOwnBusiness } from '../../caller.ts';
import { endpoint } from '../../endpoint.ts';
import { ADMIN_OR_OWNER, BAD_INPUT, NOT_ADMIN_OR_OWNER, NOT_SIGNED_IN } from '../texts.ts';

export const businessSettlement = endpoint({
  ...routes.businessSettlement, tag: 'Admin', roles: ADMIN_OR_OWNER,
  summary: "A business's line of the month's settlement (for its owners)",
  description:
    "The business's row of `GET /api/admin/coalition/settlement` (rewards it honoured, for others, earned with it and " +
    'honoured elsewhere, its net) and the pairs it is in, for the month (America/Chicago).',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: NOT_ADMIN_OR_OWNER, 404: 'Unknown location.' },
  handler: ({ caller, call, params, query }) => {
    requireOwnBusiness(caller, params.locationId);
    return call('app.business_settlement', { p_location_id: params.locationId, p_month: query.month });
  },
});
