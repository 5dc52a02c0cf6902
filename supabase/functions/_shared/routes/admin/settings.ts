// GET and PUT /api/admin/settings: the abuse limits of private.settings.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const adminSettings = endpoint({
  ...routes.adminSettings, tag: 'Admin', roles: ['admin'],
  summary: 'The programme limits with their meaning, default and allowed range',
  description: 'Every value of `private.settings` (intervals in minutes); 0 turns a limit off.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.' },
  handler: ({ call }) => call('app.admin_settings'),
});

export const updateSettings = endpoint({
  ...routes.updateSettings, tag: 'Admin', roles: ['admin'],
  summary: 'Change programme limits',
  description:
    'Changes the settings sent (the others stay); each is a whole number within its range. In force for the ' +
    'next request: the API keeps no copy. One `settings.update` audit row with before and after.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 413: TOO_LARGE },
  handler: ({ call, body }) => call('app.admin_update_settings', { p_values: JSON.stringify(body) }),
});

export const adminTextSettings = endpoint({
  ...routes.adminTextSettings, tag: 'Admin', roles: ['admin'],
  summary: "The texts' settings: time zone, quiet hours, weekly cap, site address, SMS price",
  description:
    "The settings the texts outbox reads, with the clock they are read against: now in the programme's " +
    'time zone (`localTime`) and whether it is quiet hours now (`quietNow`, texts then wait until `quietUntil`).',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.' },
  handler: ({ call }) => call('app.admin_text_settings'),
});

export const updateTextSettings = endpoint({
  ...routes.updateTextSettings, tag: 'Admin', roles: ['admin'],
  summary: "Change the texts' settings",
  description:
    'Changes the settings sent (the others stay). The time zone must be one the database knows; quiet hours are ' +
    'HH:MM in that zone (equal start and end: none); the weekly cap is 0 to 14 (0: no cap); the site address is a ' +
    'web address. In force at once: the next text queued and the next drain read them (a text held for quiet ' +
    'hours goes out at the next drain outside the new ones). A new time zone rebuilds the dashboard\'s day ' +
    'rollups. One `settings.update` audit row (target `texts`).',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 413: TOO_LARGE },
  handler: ({ call, body }) => call('app.admin_update_text_settings', { p_values: JSON.stringify(body) }),
});
