// GET and PUT /api/admin/settings: the abuse limits of private.settings (issue 21 §2).
import { SettingsResponse, UpdateSettingsRequest } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const adminSettings = endpoint({
  method: 'get', path: '/api/admin/settings', tag: 'Admin', roles: ['admin'],
  summary: 'The programme limits with their meaning, default and allowed range',
  description: 'Every value of `private.settings` (intervals in minutes); 0 turns a limit off.',
  status: 200, response: SettingsResponse,
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.' },
  handler: ({ call }) => call('app.admin_settings'),
});

export const updateSettings = endpoint({
  method: 'put', path: '/api/admin/settings', tag: 'Admin', roles: ['admin'],
  summary: 'Change programme limits',
  description:
    'Changes the settings sent (the others stay); each is a whole number within its range. In force for the ' +
    'next request: the API keeps no copy. One `settings.update` audit row with before and after.',
  body: UpdateSettingsRequest, status: 200, response: SettingsResponse,
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 413: TOO_LARGE },
  handler: ({ call, body }) => call('app.admin_update_settings', { p_values: JSON.stringify(body) }),
});
