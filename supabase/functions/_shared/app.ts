// createApp(): the api function as a Hono app under /api, used by Deno, the local stack and tests.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { requestId } from 'hono/request-id';
import { createTokenVerifier, identifyCaller } from './auth.ts';
import type { AppDeps, AppEnv } from './context.ts';
import { ApiError, handleError, type ErrorBody } from './errors.ts';
import { createGoTrueGateway } from './gotrue.ts';
import { admin } from './routes/admin.ts';
import { auth } from './routes/auth.ts';
import { checkin } from './routes/checkin.ts';
import { contact, customers } from './routes/customers.ts';
import { kiosk } from './routes/kiosk.ts';
import { locations } from './routes/locations.ts';
import { me } from './routes/me.ts';
import { openapi } from './routes/openapi.ts';
import { rewards } from './routes/rewards.ts';
import { visits } from './routes/visits.ts';

/** Request bodies are small JSON objects; anything bigger is refused before it is read. */
export const MAX_BODY_BYTES = 16 * 1024;

export function createApp(deps: AppDeps) {
  const authGateway = deps.auth ?? createGoTrueGateway(deps.config);
  const verifier = deps.verifier ?? createTokenVerifier(deps.config.supabaseUrl, authGateway);

  const app = new Hono<AppEnv>().basePath('/api');
  app.use(requestId());
  app.use(
    cors({
      origin: (origin) => (deps.config.allowedOrigins.includes(origin) ? origin : null),
      allowHeaders: ['authorization', 'x-client-info', 'apikey', 'content-type'],
      allowMethods: ['GET', 'POST', 'PUT', 'OPTIONS'],
      exposeHeaders: ['retry-after', 'x-request-id'],
      credentials: true,
      maxAge: 600,
    }),
  );
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new ApiError(413, 'payload_too_large', `The body is larger than ${MAX_BODY_BYTES / 1024} KB`);
      },
    }),
  );
  app.use(async (c, next) => {
    c.set('db', deps.db);
    c.set('config', deps.config);
    c.set('auth', authGateway);
    c.set('verifier', verifier);
    await next();
  });
  app.use(identifyCaller);

  app.route('/kiosk', kiosk);
  app.route('/customers', customers);
  app.route('/contact', contact);
  app.route('/checkin', checkin);
  app.route('/visits', visits);
  app.route('/auth', auth);
  app.route('/rewards', rewards);
  app.route('/me', me);
  app.route('/locations', locations);
  app.route('/admin', admin);
  app.route('/openapi.json', openapi);

  app.notFound((c) => c.json<ErrorBody>({ error: { code: 'not_found', message: 'Not found' } }, 404));
  app.onError(handleError);
  return app;
}

export type App = ReturnType<typeof createApp>;
