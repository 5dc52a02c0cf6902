// POST /api/admin/messages/:messageId/handled: mark a contact message handled, or open again.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const handleMessage = endpoint({
  ...routes.handleMessage, tag: 'Admin', roles: ['admin'],
  summary: 'Mark a contact message handled, or open it again',
  description:
    '`handled: true` records when and by whom; `false` opens it again. Marking a message as it already is changes ' +
    'nothing. Audited (message.handle / message.reopen).',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown message.', 413: TOO_LARGE },
  handler: ({ call, params, body }) =>
    call('app.set_contact_message_handled', { p_message_id: params.messageId, p_handled: body.handled }),
});
