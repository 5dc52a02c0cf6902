// POST /api/kiosk/enrol: a kiosk proves its location's enrolment code.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const enrolKiosk = endpoint({
  ...routes.enrolKiosk, tag: 'Kiosk', roles: ['kiosk'],
  summary: 'Enrol this kiosk with its location\'s enrolment code',
  description: 'The code is the one an admin set for the kiosk\'s location (stored salted and hashed).',
  errors: {
    400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not a kiosk, or the code is wrong for this location.',
    404: 'The kiosk has no session yet.', 413: TOO_LARGE, 429: 'Too many enrolment attempts from this kiosk.',
  },
  // Enrolment codes are guessable by brute force only if attempts are unlimited.
  limits: [{ rule: 'enrolPerKiosk', bucket: 'kiosk-enrol', key: ({ caller }) => caller.userId, text: 'enrolment attempts per kiosk device' }],
  handler: ({ call, body }) => call('app.enrol_kiosk', { p_code: body.code }),
});
