// The OpenAPI 3.1 document, generated from the endpoint declarations and the zod contract.
import { z } from 'zod';
import type { CallerKind } from './caller.ts';
import { ErrorBody } from './contract.ts';
import type { Endpoint } from './endpoint.ts';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

// Query, path and header schemas become one parameter per property.
function parameters(schema: z.ZodType | undefined, where: 'query' | 'path' | 'header') {
  if (!schema) return [];
  const { properties = {}, required = [] } = jsonSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  // Header names are case-insensitive; the document spells them as people write them.
  const spell = (name: string) => (where === 'header' ? name.replace(/(^|-)([a-z])/g, (_, dash, c) => dash + c.toUpperCase()) : name);
  return Object.entries(properties).map(([name, property]) => ({
    name: spell(name),
    in: where,
    required: where === 'path' || required.includes(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

const ROLE_TEXT: Record<CallerKind, string> = {
  anon: 'anyone (no session, or the anon key)',
  kiosk: 'kiosk (anonymous Auth user with a kiosk session)',
  member: 'member (phone sign-in)',
  staff: "staff (app_metadata.role = 'staff' + location_id)",
  owner: "business owner (app_metadata.role = 'owner' + location_id; their own business only)",
  admin: "admin (app_metadata.role = 'admin')",
};

function operation(endpoint: Endpoint, id: string) {
  const roles = endpoint.roles.map((role) => ROLE_TEXT[role]).join('; ');
  const rateLimits = endpoint.limits?.map((limit) => limit.text);
  const limits = rateLimits?.length ? `\n\nLimits: ${rateLimits.join('; ')}.` : '';
  return {
    operationId: id,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    description: `${endpoint.description ?? endpoint.summary}\n\nCallers: ${roles}.${limits}`,
    'x-roles': endpoint.roles,
    ...(rateLimits ? { 'x-rate-limits': rateLimits } : {}),
    security: endpoint.roles.includes('anon') ? [{}, { bearerAuth: [] }] : [{ bearerAuth: [] }],
    parameters: [
      ...parameters(endpoint.params, 'path'),
      ...parameters(endpoint.query, 'query'),
      ...parameters(endpoint.headers, 'header'),
    ],
    ...(endpoint.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } } } }
      : {}),
    responses: {
      [endpoint.status]: {
        description: endpoint.summary,
        content: { [endpoint.contentType ?? 'application/json']: { schema: jsonSchema(endpoint.response, 'output') } },
      },
      ...Object.fromEntries(
        Object.entries(endpoint.errors).map(([status, when]) => [
          status,
          {
            description: when,
            ...(status === '429' ? { headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } } } : {}),
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        ]),
      ),
    },
  };
}

/** `/api/admin/locations/:locationId/...` → `/api/admin/locations/{locationId}/...` */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

export function buildOpenApiDocument(endpoints: Record<string, Endpoint>) {
  const endpointList = Object.values(endpoints);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [id, endpoint] of Object.entries(endpoints)) {
    (paths[openApiPath(endpoint.path)] ??= {})[endpoint.method] = operation(endpoint, id);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Village Rewards API',
      version: '1.0.0',
      description:
        'The `api` edge function of the village loyalty programme. Errors are `{ error: { code, message, fields? } }`. ' +
        'See docs/API.md for the conventions, roles and limits.',
    },
    servers: [{ url: '/functions/v1', description: 'Supabase edge functions (the app calls /api/... through a proxy)' }],
    tags: [...new Set(endpointList.map((endpoint) => endpoint.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A Supabase Auth access token.' },
      },
      schemas: { Error: jsonSchema(ErrorBody, 'output') },
    },
  };
}
