// `npm run api:docs`: writes docs/openapi.json and docs/API.md from the endpoint registry.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { renderApiMarkdown, renderOpenApiJson } from './api-docs/render.ts';

const docs = resolve(import.meta.dirname, '..', 'docs');
writeFileSync(join(docs, 'openapi.json'), renderOpenApiJson());
writeFileSync(join(docs, 'API.md'), renderApiMarkdown());
console.log(`wrote ${join(docs, 'openapi.json')} and ${join(docs, 'API.md')}`);
