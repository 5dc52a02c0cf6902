// GET /api/locations: the six participating businesses with their welcome rewards (public).
import { routes } from '../contract.ts';
import { endpoint } from '../endpoint.ts';
import { BAD_INPUT, BAD_TOKEN, EVERYONE } from './texts.ts';

export const locations = endpoint({
  ...routes.locations, tag: 'Locations', roles: EVERYONE,
  summary: 'The participating businesses with their welcome rewards',
  errors: { 400: BAD_INPUT, 401: BAD_TOKEN },
  handler: ({ call }) => call('app.locations'),
});
