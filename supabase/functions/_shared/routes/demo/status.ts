// GET /api/demo: whether the api runs in demo mode, so the app shows demo-only controls
// (kiosks without enrolment, 'Simulate Scan') only when the server will honour them.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, BAD_TOKEN, EVERYONE } from '../texts.ts';

export const demoStatus = endpoint({
  ...routes.demoStatus, tag: 'Meta', roles: EVERYONE,
  summary: 'Whether demo mode (DEMO_MODE) is on',
  description:
    'In demo mode kiosks that are not enrolled are trusted, and a member may have their own mobile check-in ' +
    'approved with POST /api/demo/simulate-scan. Off unless the DEMO_MODE secret says otherwise.',
  errors: { 400: BAD_INPUT, 401: BAD_TOKEN },
  handler: ({ config }) => ({ demoMode: config.demoMode }),
});
