// The monthly prize draw (docs/DRAWS.md, 90_draws.sql): the public list anyone can verify, the
// operator's set-up and run, and a member's entries. Each is one SQL function; the rules (the month
// not started at set-up and over at the draw, the seed matching its commitment, who may not win) are there.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, BAD_TOKEN, EVERYONE, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

const VERIFY =
  'Anyone can check a drawn draw: SHA-256 of `seed` is `commitment` (published before the month began); the ' +
  'list is the lines "<entryId>:<entries>" in entryId order joined by "\\n" (its SHA-256 is `entriesSha256`); ' +
  'h = SHA-256 of "<seed>\\n<list>"; the winning ticket is the first 15 hex digits of h modulo `totalEntries`; ' +
  'tickets run from 0 down the list, each member holding as many as their entries. ' +
  '`node --import tsx scripts/verify-draw.ts <URL of this draw>` does all of it.';

export const publicDraws = endpoint({
  ...routes.publicDraws, tag: 'Locations', roles: EVERYONE,
  summary: 'Every prize draw: the commitment, and once drawn the seed, the entry list and the winner\'s entry id',
  description: `Newest month first. Members appear only as anonymised entry ids, never by name. ${VERIFY}`,
  errors: { 400: BAD_INPUT, 401: BAD_TOKEN },
  handler: ({ call }) => call('app.public_draws'),
});

export const publicDraw = endpoint({
  ...routes.publicDraw, tag: 'Locations', roles: EVERYONE,
  summary: 'One prize draw, as GET /api/draws gives it',
  description: VERIFY,
  errors: { 400: BAD_INPUT, 401: BAD_TOKEN, 404: 'No such draw.' },
  handler: ({ call, params }) => call('app.public_draw', { p_draw_id: params.drawId }),
});

export const myDraws = endpoint({
  ...routes.myDraws, tag: 'Account', roles: ['member', 'staff', 'owner', 'admin'],
  summary: 'The signed-in member\'s entries in this month\'s draw and the last two months\'',
  description:
    'Entries follow the draw\'s rule from the member\'s approved visits this month (a voided visit no longer ' +
    'counts); once drawn, the frozen list\'s. Staff, owners, admins and suspended members have none (`eligible` ' +
    'false). `entryId` is how the member appears in the published list.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'A kiosk.' },
  handler: ({ call }) => call('app.my_draws'),
});

export const adminDraws = endpoint({
  ...routes.adminDraws, tag: 'Admin', roles: ['admin'],
  summary: 'Every prize draw with its entries so far, whether the seed is kept, and the winner',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.' },
  handler: ({ call }) => call('app.admin_draws'),
});

export const createDraw = endpoint({
  ...routes.createDraw, tag: 'Admin', roles: ['admin'],
  summary: 'Set up the prize draw of a month that has not started, and publish its commitment',
  description:
    'Without `commitment` the programme makes a random seed, keeps it where no API role can read it, and ' +
    'publishes its SHA-256; with one, the operator keeps the seed and gives it at the draw. One draw per month ' +
    '(409). The prize becomes a reward of kind `prize` belonging to the sponsor. Audited (draw.commit).',
  errors: {
    400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown business.',
    409: 'The month has started, or already has a draw.', 413: TOO_LARGE,
  },
  handler: ({ call, body }) =>
    call('app.admin_create_draw', {
      p_month: body.month, p_sponsor_location_id: body.sponsorLocationId, p_prize_kind: body.prizeKind,
      p_prize_name: body.prizeName, p_prize_description: body.prizeDescription,
      p_prize_value_cents: body.prizeValueCents, p_min_businesses: body.minBusinesses,
      p_max_entries: body.maxEntries, p_commitment: body.commitment ?? null,
    }),
});

export const runDraw = endpoint({
  ...routes.runDraw, tag: 'Admin', roles: ['admin'],
  summary: 'Run a draw once its month is over: freeze the entries, reveal the seed, give the winner the prize',
  description:
    'The seed is refused (422, nothing changes) unless its SHA-256 is the published commitment. The winner gets ' +
    'the prize in their rewards (redeemed at a counter and settled like any other reward), a ledger event, and ' +
    `a text if they agreed to texts. Audited (draw.run). ${VERIFY}`,
  errors: {
    400: `${BAD_INPUT} Or no seed was given and none is kept.`, 401: NOT_SIGNED_IN, 403: 'Not an admin.',
    404: 'No such draw.', 409: 'The month is not over, or the draw was run already.', 413: TOO_LARGE,
    422: 'The seed does not match the published commitment.',
  },
  handler: ({ call, params, body }) => call('app.admin_run_draw', { p_draw_id: params.drawId, p_seed: body.seed ?? null }),
});
