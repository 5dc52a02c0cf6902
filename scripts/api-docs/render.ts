// Renders docs/openapi.json and docs/API.md from the endpoint registry, so the readable
// reference and the machine one cannot drift from the code (a test compares them).
import { z } from 'zod';
import { parseConfig, type RateLimits } from '../../supabase/functions/_shared/config.ts';
import type { Endpoint } from '../../supabase/functions/_shared/endpoint.ts';
import { endpointList, endpoints } from '../../supabase/functions/_shared/endpoints.ts';
import { buildOpenApiDocument } from '../../supabase/functions/_shared/openapi.ts';

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  default?: unknown;
  description?: string;
};

function typeOf(schema: JsonSchema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' \\| ');
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' \\| ');
  if (schema.type === 'array') return `${typeOf(schema.items ?? {})}[]`;
  const base = Array.isArray(schema.type) ? schema.type.join(' \\| ') : (schema.type ?? 'any');
  return schema.format ? `${base} (${schema.format})` : base;
}

function notes(schema: JsonSchema): string {
  const parts: string[] = [];
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    parts.push(`length ${schema.minLength ?? 0}–${schema.maxLength ?? '∞'}`);
  }
  if (schema.minimum !== undefined && schema.maximum !== undefined && schema.maximum < 1e15) {
    parts.push(`${schema.minimum}–${schema.maximum}`);
  }
  if (schema.pattern && !schema.format) parts.push(`pattern \`${schema.pattern}\``);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.description) parts.push(schema.description);
  return parts.join('; ');
}

// One row per field, nested objects and arrays flattened to dotted paths (rewards[].reward.name).
function fieldRows(schema: JsonSchema, prefix = ''): string[] {
  const object = schema.type === 'array' ? schema.items : schema;
  const arrayPrefix = schema.type === 'array' ? `${prefix}[]` : prefix;
  if (!object?.properties) return [];
  return Object.entries(object.properties).flatMap(([name, property]) => {
    const path = arrayPrefix ? `${arrayPrefix}.${name}` : name;
    const required = object.required?.includes(name) ? 'yes' : 'no';
    const row = `| \`${path}\` | ${typeOf(property)} | ${required} | ${notes(property)} |`;
    const nested = property.anyOf?.find((option) => option.properties || option.items) ?? property;
    return [row, ...fieldRows(nested, path)];
  });
}

function fieldTable(title: string, schema: z.ZodType | undefined, io: 'input' | 'output'): string {
  if (!schema) return '';
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  const rows = fieldRows(json);
  if (rows.length === 0) {
    return json.type === 'array' ? `**${title}:** a list of ${typeOf(json.items ?? {})}.\n\n` : `**${title}:** none.\n\n`;
  }
  const list = json.type === 'array' ? ' (a JSON array; `[]` marks each item)' : '';
  return `**${title}**${list}\n\n| field | type | required | notes |\n|---|---|---|---|\n${rows.join('\n')}\n\n`;
}

function endpointSection(endpoint: Endpoint): string {
  const errors = Object.entries(endpoint.errors)
    .map(([status, when]) => `| ${status} | ${when} |`)
    .join('\n');
  return [
    `### ${endpoint.method.toUpperCase()} ${endpoint.path}\n\n${endpoint.summary}.\n\n`,
    endpoint.description ? `${endpoint.description}\n\n` : '',
    `**Callers:** ${endpoint.roles.join(', ')}. **Success:** ${endpoint.status}.\n\n`,
    endpoint.limits ? `**Limits:** ${endpoint.limits.map((limit) => limit.text).join('; ')}.\n\n` : '',
    fieldTable('Path parameters', endpoint.params, 'input'),
    fieldTable('Query', endpoint.query, 'input'),
    fieldTable('Headers', endpoint.headers, 'input'),
    fieldTable('Body', endpoint.body, 'input'),
    fieldTable('Response', endpoint.response, 'output'),
    errors ? `| status | when |\n|---|---|\n${errors}\n\n` : '',
  ].join('');
}

const LIMIT_VARIABLES: Record<keyof RateLimits, [string, string]> = {
  sendCodePerPhone: ['RATE_LIMIT_SEND_CODE_PER_PHONE', 'POST /api/auth/send-code, per phone'],
  sendCodePerIp: ['RATE_LIMIT_SEND_CODE_PER_IP', 'POST /api/auth/send-code, per IP address'],
  verifyPerPhone: ['RATE_LIMIT_VERIFY_PER_PHONE', 'POST /api/auth/verify, per phone'],
  customersPerClient: ['RATE_LIMIT_CUSTOMERS_PER_CLIENT', 'POST /api/customers, per kiosk device or per IP address'],
  enrolPerKiosk: ['RATE_LIMIT_ENROL_PER_KIOSK', 'POST /api/kiosk/enrol, per kiosk device'],
  checkinsPerKiosk: ['RATE_LIMIT_CHECKINS_PER_KIOSK', 'POST /api/checkin/start by phone, per kiosk device'],
  contactPerIp: ['RATE_LIMIT_CONTACT_PER_IP', 'POST /api/contact, per IP address'],
};

function limitsTable(): string {
  const defaults = parseConfig({ SUPABASE_URL: 'http://localhost', SUPABASE_ANON_KEY: '-', SUPABASE_DB_URL: '-' }).rateLimits;
  const rows = (Object.keys(LIMIT_VARIABLES) as (keyof RateLimits)[]).map((key) => {
    const [variable, what] = LIMIT_VARIABLES[key];
    const rule = defaults[key];
    return `| ${what} | \`${variable}\` | ${rule.limit} per ${rule.windowSeconds} s (\`${rule.limit}/${rule.windowSeconds}\`) |`;
  });
  return `| limit | setting | default |\n|---|---|---|\n${rows.join('\n')}\n`;
}

const INTRO = `# Village Rewards API

The \`api\` edge function (\`supabase/functions/api\`, the Hono app in \`supabase/functions/_shared\`).
This page and \`docs/openapi.json\` are generated from the endpoint declarations (one file per endpoint under
\`supabase/functions/_shared/routes/\`, listed in \`endpoints.ts\`) and the zod contract (\`supabase/functions/_shared/contract/\`) by \`npm run api:docs\`; edit those, not this page. The same
OpenAPI document is served at \`GET /api/openapi.json\`.

## Conventions

- **Paths.** The function answers at \`/functions/v1/api/...\`; the app calls \`/api/...\` (a proxy or rewrite), so
  the path after \`/api\` is the same everywhere.
- **Callers.** Send \`Authorization: Bearer <Supabase access token>\`. No header, or the project's anon key, is
  *anyone*. Tokens are verified against the project's signing keys (JWKS; issuer \`SUPABASE_URL/auth/v1\`,
  audience \`authenticated\`) and refused once their session is signed out. Roles:
  - *kiosk*: an anonymous Auth user (\`signInAnonymously\`) with a kiosk session at a location;
  - *member*: signed in by phone code;
  - *staff*: \`app_metadata.role = 'staff'\` and \`app_metadata.location_id\`;
  - *admin*: \`app_metadata.role = 'admin'\`.
  Each request runs as one database transaction with the caller's role and claims, so RLS applies.
- **Input.** Bodies are JSON (\`Content-Type: application/json\`), at most 16 KB, with no unknown fields.
  Phones are 10 US digits; punctuation (\`(555) 123-4567\`, \`+1 555 123 4567\`) is stripped. Codes are 6 digits.
- **Errors.** Every failure is \`{ "error": { "code", "message", "fields"? } }\`; \`fields\` names each invalid
  field. 400 invalid_input, 401 unauthorized, 403 forbidden, 404 not_found, 409 conflict (a phone that is taken
  answers a message containing 'already exists'), 410 gone (expired check-in token), 413 payload_too_large,
  429 rate_limited (with \`Retry-After\` seconds), 502 upstream_unavailable (Supabase Auth unreachable).
- **Check-in tokens** are random (244 bits), single use and expire 15 minutes after issue: 404 unknown,
  409 used, 410 expired.

## Limits

Kept in Postgres (\`app.hit_rate_limit\`, fixed windows shared by every instance). Each setting is
\`<requests>/<seconds>\`.

${limitsTable()}
Visits: one approved visit per customer per business per minimum interval (\`private.settings.min_visit_interval\`,
60 minutes by default); an earlier one answers 429 with \`Retry-After\`.

## Dashboard figures

- **Ranges**: \`7days\` (default), \`30days\` and \`3months\` end now and start 7 days, 30 days or 3 calendar months
  before; \`custom\` runs from the start of \`from\` to the end of \`to\` (days in America/Chicago).
- **Comparison period**: the period of equal length just before the range.
- **Today**: the current day in America/Chicago (the programme's time zone).
- **Growth**: \`percent = round((current - previous) / previous × 100)\`, \`null\` when \`previous\` is 0.
- **signupsToday**: customers created today, compared with yesterday.
- **totalVisits**: approved visits in the range; **redemptions**: rewards redeemed in the range;
  **activeMembers**: distinct customers with a visit in the range; each compared with the comparison period.
- **Location filter** (\`location\`): sign-ups at that business, visits there, redemptions there.
- **Top locations**: visits per business in the range vs the comparison period; businesses without a visit in
  the range are left out.
- **Tier**: Bronze under 10 points, Silver from 10, Gold from 20 (\`public.tiers\`). **Next goal**: 10
  '$5 Off - Silver Status', 20 '$10 Off - Gold Status', from 20 points 30 'Premium Reward'.

`;

export function renderApiMarkdown(): string {
  const summary = endpointList
    .map((e) => `| ${e.method.toUpperCase()} | \`${e.path}\` | ${e.roles.join(', ')} | ${e.status} | ${Object.keys(e.errors).join(', ')} |`)
    .join('\n');
  const tags = [...new Set(endpointList.map((e) => e.tag))];
  const sections = tags
    .map((tag) => `## ${tag}\n\n${endpointList.filter((e) => e.tag === tag).map(endpointSection).join('')}`)
    .join('');
  const table = `## Endpoints\n\n| method | path | callers | success | errors |\n|---|---|---|---|---|\n${summary}\n\n`;
  return `${INTRO}${table}${sections}`.replace(/\n{3,}/g, '\n\n').trimEnd() + '\n';
}

export function renderOpenApiJson(): string {
  return `${JSON.stringify(buildOpenApiDocument(endpoints), null, 2)}\n`;
}
