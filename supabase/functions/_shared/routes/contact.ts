// POST /api/contact: a contact-form message for the programme (PRODUCT §2 Contact).
import { routes } from '../contract.ts';
import { endpoint } from '../endpoint.ts';
import { BAD_INPUT, BAD_TOKEN, EVERYONE, TOO_LARGE } from './texts.ts';

export const submitContactMessage = endpoint({
  ...routes.submitContactMessage, tag: 'Customers', roles: EVERYONE,
  summary: 'Leave a contact-form message for the programme',
  errors: { 400: BAD_INPUT, 401: BAD_TOKEN, 413: TOO_LARGE, 429: 'Too many messages from this client address.' },
  limits: [{ rule: 'contactPerIp', bucket: 'contact', key: ({ clientAddress }) => clientAddress, text: 'messages per client address' }],
  handler: ({ call, body }) =>
    call('app.submit_contact_message', {
      p_name: body.name, p_email: body.email, p_subject: body.subject, p_message: body.message,
    }),
});
