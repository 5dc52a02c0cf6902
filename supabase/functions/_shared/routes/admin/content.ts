// PUT /api/admin/content/:key: one part of the public site's content (issue 21 §2).
import { CONTENT_SCHEMAS, ContentParams, ProgrammeContent, UpdateContentRequest } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { checkInput } from '../../validation.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const updateContent = endpoint({
  method: 'put', path: '/api/admin/content/:key', tag: 'Admin', roles: ['admin'],
  summary: 'Replace one part of the public content',
  description:
    'featured (businesses whose welcome reward, and tiers whose reward, the home page features), ' +
    'testimonials (none hides the section), contact, privacy. Answers the whole content. One ' +
    '`content.update` audit row with the part before and after.',
  params: ContentParams, body: UpdateContentRequest, status: 200, response: ProgrammeContent,
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 413: TOO_LARGE },
  handler: ({ call, params, body }) =>
    call('app.admin_update_content', { p_key: params.key, p_value: JSON.stringify(checkInput(CONTENT_SCHEMAS[params.key], body, 'body')) }),
});
