// GET /api/admin/locations/:locationId/counter-people: who served at a business's counter.
import { routes } from '../../contract.ts';
import { requireOwnBusiness } from '../../caller.ts';
import { endpoint } from '../../endpoint.ts';
import { ADMIN_OR_OWNER, BAD_INPUT, NOT_ADMIN_OR_OWNER, NOT_SIGNED_IN } from '../texts.ts';

export const counterPeople = endpoint({
  ...routes.counterPeople, tag: 'Admin', roles: ADMIN_OR_OWNER,
  summary: "Who served at a business's counter in the last 30 days (for its owners)",
  description:
    'Per person — the clerk\'s name or phone, or the kiosk — the visits they approved (and how many of those after a ' +
    'name or phone search) and the rewards they redeemed at this business. Counts only: no member is named.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: NOT_ADMIN_OR_OWNER, 404: 'Unknown location.' },
  handler: ({ caller, call, params }) => {
    requireOwnBusiness(caller, params.locationId);
    return call('app.counter_people', { p_location_id: params.locationId });
  },
});
