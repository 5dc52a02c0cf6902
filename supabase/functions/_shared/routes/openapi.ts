// GET /api/openapi.json: the OpenAPI document of this API, built once from the registry.
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { buildOpenApiDocument } from '../openapi.ts';

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

export const openapi = new Hono<AppEnv>().get('/', (c) => c.json((document ??= buildOpenApiDocument())));
