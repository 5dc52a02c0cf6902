// POST /api/admin/flags/:flagId/dismiss: the operator has looked at a flag.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const dismissFlag = endpoint({
  ...routes.dismissFlag, tag: 'Admin', roles: ['admin'],
  summary: 'Dismiss a flag (velocity or "not you?")',
  description: 'Dismissing twice is fine and answers the flag again.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown flag.', 413: TOO_LARGE },
  handler: ({ call, params }) => call('app.dismiss_velocity_flag', { p_flag_id: params.flagId }),
});
