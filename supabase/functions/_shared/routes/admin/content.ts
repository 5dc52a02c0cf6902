// PUT /api/admin/content: one part of the public site's content.
import { ContentKey, routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const updateContent = endpoint({
  ...routes.updateContent, tag: 'Admin', roles: ['admin'],
  summary: 'Replace one part of the public content',
  description:
    'Exactly one of: featured (the businesses whose welcome reward, and the tiers whose reward, the home ' +
    'page features), testimonials (none hides the section), contact, privacy. Text may say {silver} and ' +
    '{gold}. Answers the whole content. One `content.update` audit row with the part before and after.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 413: TOO_LARGE },
  handler: ({ call, body }) => {
    const key = ContentKey.options.find((name) => body[name] !== undefined)!;
    return call('app.admin_update_content', { p_key: key, p_value: JSON.stringify(body[key]) });
  },
});
