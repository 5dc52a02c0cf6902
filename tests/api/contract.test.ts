// The contract in one place: the OpenAPI document is served, every body and query refuses
// unknown fields, and docs/ matches what the endpoint declarations generate.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderApiMarkdown, renderOpenApiJson } from '../../scripts/api-docs/render.ts';
import { createApp } from '../../supabase/functions/_shared/app.ts';
import { parseConfig } from '../../supabase/functions/_shared/config.ts';
import type { Db } from '../../supabase/functions/_shared/db.ts';
import { endpointList } from '../../supabase/functions/_shared/endpoints.ts';
import { callApp } from '../support/api-client.ts';

const DOCS = resolve(import.meta.dirname, '..', '..', 'docs');

// The route table needs no database or Auth: nothing here is called.
const unused = () => Promise.reject(new Error('not used by this test'));
const db: Db = { asCaller: unused, asService: unused, end: unused };
const config = parseConfig({ SUPABASE_URL: 'http://127.0.0.1:9', SUPABASE_ANON_KEY: 'anon', SUPABASE_DB_URL: 'postgres://unused' });
const app = createApp({ db, config });

describe('the API contract', () => {
  it('serves the OpenAPI document at GET /api/openapi.json', async () => {
    const response = await callApp(app, 'GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body).toEqual(JSON.parse(renderOpenApiJson()));
  });

  it('refuses unknown fields in every request body and query', () => {
    for (const endpoint of endpointList) {
      for (const schema of [endpoint.body, endpoint.query, endpoint.params]) {
        if (!schema) continue;
        const json = z.toJSONSchema(schema, { io: 'input' }) as { additionalProperties?: unknown };
        expect(json.additionalProperties, `${endpoint.method} ${endpoint.path}`).toBe(false);
      }
    }
  });

  it('keeps docs/openapi.json and docs/API.md generated from the registry (npm run api:docs)', () => {
    expect(readFileSync(join(DOCS, 'openapi.json'), 'utf8')).toBe(renderOpenApiJson());
    expect(readFileSync(join(DOCS, 'API.md'), 'utf8')).toBe(renderApiMarkdown());
  });
});
