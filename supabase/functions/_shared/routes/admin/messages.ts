// GET /api/admin/messages: contact messages from the public site, newest first.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN } from '../texts.ts';

export const adminMessages = endpoint({
  ...routes.adminMessages, tag: 'Admin', roles: ['admin'],
  summary: 'Contact messages, newest first',
  description: 'Pages of `limit` messages (default 50), `page` from 1, with the total number of messages.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.' },
  handler: ({ call, query }) => call('app.admin_contact_messages', { p_limit: query.limit, p_page: query.page }),
});
