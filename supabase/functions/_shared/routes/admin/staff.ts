// GET /api/admin/locations/:locationId/staff: a business's staff phones, signed up or pending.
import { routes } from '../../contract.ts';
import { requireOwnBusiness } from '../../caller.ts';
import { endpoint } from '../../endpoint.ts';
import { ADMIN_OR_OWNER, BAD_INPUT, NOT_ADMIN_OR_OWNER, NOT_SIGNED_IN } from '../texts.ts';

export const adminStaff = endpoint({
  ...routes.adminStaff, tag: 'Admin', roles: ADMIN_OR_OWNER,
  summary: "A business's staff phones",
  description:
    "Auth users with app_metadata role 'staff' at this location (status active), and phones granted access " +
    'that have not signed up yet (status pending; the sign-up makes them staff), by phone.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: NOT_ADMIN_OR_OWNER, 404: 'Unknown location.' },
  handler: ({ caller, call, params }) => {
    requireOwnBusiness(caller, params.locationId);
    return call('app.admin_staff', { p_location_id: params.locationId });
  },
});
