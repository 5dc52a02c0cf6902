// The funder's monthly report (92_funder_report.sql): the figures of a month and the village's
// population it divides by. Admins.
import { routes } from '../../../contract.ts';
import { endpoint } from '../../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../../texts.ts';

export const funderReport = endpoint({
  ...routes.funderReport, tag: 'Admin', roles: ['admin'],
  summary: 'The funder\'s monthly report: members, visits, cross-shopping, rewards, settlement, texts, the draw',
  description:
    'Every figure about fewer than 3 members is null ("fewer than 3"), for admins too: the report leaves the ' +
    'programme. Definitions are in docs/FUNDER-REPORT.md.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.' },
  handler: ({ call, query }) => call('app.admin_funder_report', { p_month: query.month }),
});

export const setVillagePopulation = endpoint({
  ...routes.setVillagePopulation, tag: 'Admin', roles: ['admin'],
  summary: 'How many people live in the village (the report\'s share of the village); null clears it',
  description: 'Audited (settings.village_population).',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 413: TOO_LARGE },
  handler: ({ call, body }) => call('app.admin_set_village_population', { p_population: body.villagePopulation }),
});
