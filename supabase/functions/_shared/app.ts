// createApp(): the api function as a Hono app under /api, used by Deno, the local stack and tests.
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { requestId } from 'hono/request-id';
import type { AppDeps, AppEnv } from './context.ts';
import { ANON } from './db.ts';
import { handleError, type ErrorBody } from './errors.ts';
import { locations } from './routes/locations.ts';

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>().basePath('/api');
  app.use(requestId());
  app.use(
    cors({
      origin: (origin) => (deps.config.allowedOrigins.includes(origin) ? origin : null),
      allowHeaders: ['authorization', 'x-client-info', 'apikey', 'content-type'],
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      credentials: true,
      maxAge: 600,
    }),
  );
  app.use(async (c, next) => {
    c.set('db', deps.db);
    c.set('config', deps.config);
    c.set('caller', ANON);
    await next();
  });
  app.route('/locations', locations);
  app.notFound((c) => c.json<ErrorBody>({ error: { code: 'not_found', message: 'Not found' } }, 404));
  app.onError(handleError);
  return app;
}

export type App = ReturnType<typeof createApp>;
