// GET /api/admin/audit: the audit log, newest first, filtered and paginated.
import { routes } from '../../contract.ts';
import { requireOwnBusiness } from '../../caller.ts';
import { endpoint } from '../../endpoint.ts';
import { ADMIN_OR_OWNER, BAD_INPUT, NOT_ADMIN_OR_OWNER, NOT_SIGNED_IN } from '../texts.ts';

export const adminAudit = endpoint({
  ...routes.adminAudit, tag: 'Admin', roles: ADMIN_OR_OWNER,
  summary: 'The audit log: who did what, when, before and after, and why',
  description:
    'Every admin, owner and staff-management action, one row each, newest first; `total` counts the matching rows, ' +
    '`actions` lists the action names in the log. Filters: `action` (a name or its kind), `actor` (a role or phone ' +
    'digits), `target` (part of the target id), `location`, `from` / `to` (days in America/Chicago, both included). ' +
    'An owner reads only their own business and must name it in `location`.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: NOT_ADMIN_OR_OWNER, 404: 'Unknown location.' },
  handler: ({ caller, call, query }) => {
    requireOwnBusiness(caller, query.location);
    return call('app.admin_audit', {
      p_action: query.action, p_actor: query.actor, p_target: query.target, p_location_id: query.location,
      p_from: query.from, p_to: query.to, p_limit: query.limit, p_page: query.page,
    });
  },
});
