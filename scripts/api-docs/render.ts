// Renders docs/openapi.json and docs/API.md from the endpoint registry, so the readable
// reference and the machine one cannot drift from the code (a test compares them).
import { z } from 'zod';
import type { Endpoint } from '../../supabase/functions/_shared/endpoint.ts';
import { endpointList, endpoints } from '../../supabase/functions/_shared/endpoints.ts';
import { buildOpenApiDocument } from '../../supabase/functions/_shared/openapi.ts';
import { INTRO } from './intro.ts';

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
    // Header names are case-insensitive; written as people write them (Idempotency-Key).
    fieldTable('Headers', endpoint.headers, 'input').replace(/`([a-z-]+)`/, (_, name: string) =>
      `\`${name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase())}\``),
    fieldTable('Body', endpoint.body, 'input'),
    endpoint.contentType && endpoint.contentType !== 'application/json'
      ? `**Response:** ${endpoint.response.description ?? endpoint.contentType}.\n\n`
      : fieldTable('Response', endpoint.response, 'output'),
    errors ? `| status | when |\n|---|---|\n${errors}\n\n` : '',
  ].join('');
}

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
