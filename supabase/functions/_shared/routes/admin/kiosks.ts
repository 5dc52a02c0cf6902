// GET /api/admin/locations/:locationId/kiosks: the kiosk devices of one business.
import { routes } from '../../contract.ts';
import { requireOwnBusiness } from '../../caller.ts';
import { endpoint } from '../../endpoint.ts';
import { ADMIN_OR_OWNER, BAD_INPUT, NOT_ADMIN_OR_OWNER, NOT_SIGNED_IN } from '../texts.ts';

export const adminKiosks = endpoint({
  ...routes.adminKiosks, tag: 'Admin', roles: ADMIN_OR_OWNER,
  summary: "A business's kiosks, most recently seen first",
  description: 'Each kiosk session at the location: enrolled or not, its device fingerprint, when it was last seen, ' +
    'and whether the device still holds a live session.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: NOT_ADMIN_OR_OWNER, 404: 'Unknown location.' },
  handler: ({ caller, call, params }) => {
    requireOwnBusiness(caller, params.locationId);
    return call('app.admin_kiosks', { p_location_id: params.locationId });
  },
});
