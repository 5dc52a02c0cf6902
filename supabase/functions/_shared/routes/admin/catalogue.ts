// The Programme tab's businesses and rewards: read the catalogue and its history,
// add, edit and archive businesses, add, reword, retire and replace welcome rewards. Each change
// is one app.admin_* function (supabase/schemas/78_catalogue.sql) that writes one audit row.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

const NOT_ADMIN = 'Not an admin.';
const INVALID = `${BAD_INPUT} Or a field breaks a rule (its message says which).`;

export const adminCatalogue = endpoint({
  ...routes.adminCatalogue, tag: 'Admin', roles: ['admin'],
  summary: 'Every business (archived too) and every reward (retired too)',
  description: 'holders: members holding the reward unused now; unlocked: members who ever unlocked it.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: NOT_ADMIN },
  handler: ({ call }) => call('app.admin_catalogue'),
});

export const adminCatalogueChanges = endpoint({
  ...routes.adminCatalogueChanges, tag: 'Admin', roles: ['admin'],
  summary: 'Every change to businesses and rewards, newest first',
  description: 'From the audit log: who, when, what, before and after, and the reason given.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: NOT_ADMIN },
  handler: ({ call, query }) => call('app.admin_catalogue_changes', { p_limit: query.limit }),
});

const businessArgs = (body: UpdateBusinessRequestBody) => ({
  p_business_name: body.businessName, p_kind: body.kind, p_description: body.description, p_address: body.address,
  p_logo_url: body.logoUrl, p_icon: body.icon, p_color: body.color, p_hours: body.hours,
});
type UpdateBusinessRequestBody = {
  businessName: string; kind: string; description: string; address: string; logoUrl: string;
  icon: string; color: string; hours: string;
};

export const createBusiness = endpoint({
  ...routes.createBusiness, tag: 'Admin', roles: ['admin'],
  summary: 'Add a business',
  description:
    'The slug becomes its id: its landing is /{slug} and its join page /business/{slug}/join. It may not be a ' +
    "word the site uses ('admin', 'join', 'kiosk', ...). Add its welcome reward with POST /api/admin/rewards. Audited.",
  errors: { 400: INVALID, 401: NOT_SIGNED_IN, 403: NOT_ADMIN, 409: 'A business already has that slug.', 413: TOO_LARGE },
  handler: ({ call, body }) => call('app.admin_create_location', { p_slug: body.slug, ...businessArgs(body) }),
});

export const updateBusiness = endpoint({
  ...routes.updateBusiness, tag: 'Admin', roles: ['admin'],
  summary: "Edit a business's name, kind, description, address, hours, image, icon and colour",
  description: 'The slug does not change. Audited with the values before and after.',
  errors: { 400: INVALID, 401: NOT_SIGNED_IN, 403: NOT_ADMIN, 404: 'Unknown location.', 413: TOO_LARGE },
  handler: ({ call, params, body }) => call('app.admin_update_location', { p_location_id: params.locationId, ...businessArgs(body) }),
});

export const archiveBusiness = endpoint({
  ...routes.archiveBusiness, tag: 'Admin', roles: ['admin'],
  summary: 'Archive a business',
  description:
    'It leaves the public lists, its landing, join page and kiosk enrolment, and takes no new members or visits; ' +
    'its history, settlement lines and reports stay. Audited with the reason.',
  errors: { 400: INVALID, 401: NOT_SIGNED_IN, 403: NOT_ADMIN, 404: 'Unknown location.', 409: 'Already archived.', 413: TOO_LARGE },
  handler: ({ call, params, body }) =>
    call('app.admin_archive_location', { p_location_id: params.locationId, p_archived: true, p_reason: body.reason ?? null }),
});

export const unarchiveBusiness = endpoint({
  ...routes.unarchiveBusiness, tag: 'Admin', roles: ['admin'],
  summary: 'Bring an archived business back',
  description: 'Audited with the reason.',
  errors: { 400: INVALID, 401: NOT_SIGNED_IN, 403: NOT_ADMIN, 404: 'Unknown location.', 409: 'Not archived.', 413: TOO_LARGE },
  handler: ({ call, params, body }) =>
    call('app.admin_archive_location', { p_location_id: params.locationId, p_archived: false, p_reason: body.reason ?? null }),
});

export const createReward = endpoint({
  ...routes.createReward, tag: 'Admin', roles: ['admin'],
  summary: "Add a business's welcome reward",
  description:
    'For a business with no active welcome reward (a new one, or one whose reward was retired). The next first ' +
    'approved visit there unlocks it. Audited.',
  errors: {
    400: INVALID, 401: NOT_SIGNED_IN, 403: NOT_ADMIN, 404: 'Unknown location.',
    409: 'The business already has an active welcome reward (replace it), or is archived.', 413: TOO_LARGE,
  },
  handler: ({ call, body }) =>
    call('app.admin_create_reward', { p_location_id: body.locationId, p_name: body.name, p_description: body.description }),
});

export const updateReward = endpoint({
  ...routes.updateReward, tag: 'Admin', roles: ['admin'],
  summary: "Edit an active reward's wording",
  description: 'The same reward: members who hold it see the new wording. Audited with the wording before and after.',
  errors: { 400: INVALID, 401: NOT_SIGNED_IN, 403: NOT_ADMIN, 404: 'Unknown reward.', 409: 'The reward is retired.', 413: TOO_LARGE },
  handler: ({ call, params, body }) =>
    call('app.admin_update_reward', { p_reward_id: params.rewardId, p_name: body.name, p_description: body.description }),
});

export const retireReward = endpoint({
  ...routes.retireReward, tag: 'Admin', roles: ['admin'],
  summary: 'Retire a welcome reward',
  description: 'Nobody unlocks it any more; members who hold it keep it and can redeem it. Audited with the reason.',
  errors: {
    400: INVALID, 401: NOT_SIGNED_IN, 403: NOT_ADMIN, 404: 'Unknown reward.',
    409: 'Already retired, or a tier reward (changed with its tier).', 413: TOO_LARGE,
  },
  handler: ({ call, params, body }) => call('app.admin_retire_reward', { p_reward_id: params.rewardId, p_reason: body.reason ?? null }),
});

export const replaceReward = endpoint({
  ...routes.replaceReward, tag: 'Admin', roles: ['admin'],
  summary: 'Replace a welcome reward with a new one',
  description:
    'Retires the reward and adds its successor for the same business, in one step; answers the new reward. Holders ' +
    'of the old one keep it; a member who holds it never gets the new one at that business (one welcome reward per ' +
    'member and business); a member whose first approved visit there comes later gets the new one. Audited.',
  errors: {
    400: INVALID, 401: NOT_SIGNED_IN, 403: NOT_ADMIN, 404: 'Unknown reward.',
    409: 'Already retired, a tier reward, or its business is archived.', 413: TOO_LARGE,
  },
  handler: ({ call, params, body }) =>
    call('app.admin_replace_reward', {
      p_reward_id: params.rewardId, p_name: body.name, p_description: body.description, p_reason: body.reason ?? null,
    }),
});
