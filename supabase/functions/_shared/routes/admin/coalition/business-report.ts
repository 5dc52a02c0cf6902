// GET /api/admin/coalition/business-report: one business's month on one printable page.
import { routes } from '../../../contract.ts';
import { requireOwnBusiness } from '../../../caller.ts';
import { endpoint } from '../../../endpoint.ts';
import { ADMIN_OR_OWNER, BAD_INPUT, NOT_ADMIN_OR_OWNER, NOT_SIGNED_IN } from '../../texts.ts';

export const businessReport = endpoint({
  ...routes.businessReport, tag: 'Admin', roles: ADMIN_OR_OWNER,
  summary: "A business's monthly report: visits, new members, welcome rewards, where its members also shop",
  description:
    'For the month (America/Chicago) at `location`: approved visits (and the month before), distinct members who ' +
    'visited, new members (joined there), first visits there, welcome rewards redeemed there, tier rewards it ' +
    'honoured and their value, and for the other five businesses how many of its members also visited them that month.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: NOT_ADMIN_OR_OWNER, 404: 'Unknown location.' },
  handler: ({ caller, call, query }) => {
    requireOwnBusiness(caller, query.location);
    return call('app.admin_business_report', { p_location_id: query.location, p_month: query.month });
  },
});
