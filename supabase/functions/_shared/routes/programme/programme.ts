// GET /api/programme: the tiers with their rewards and the public content, public.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, BAD_TOKEN, EVERYONE } from '../texts.ts';

export const programme = endpoint({
  ...routes.programme, tag: 'Locations', roles: EVERYONE,
  summary: 'The tiers, their thresholds and rewards, and the public content of the site',
  description:
    'What the site and the account read instead of fixed copy: the tiers lowest first (thresholds from ' +
    '`public.tiers`), the featured rewards, testimonials (empty: the section is hidden), contact details and ' +
    'the privacy page. Text may say {silver} and {gold}: the pages put the current thresholds there.',
  errors: { 400: BAD_INPUT, 401: BAD_TOKEN },
  handler: ({ call }) => call('app.programme'),
});
