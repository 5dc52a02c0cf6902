// createApp(): the api function as a Hono app under /api, used by Deno, the local stack and tests.
// Every endpoint comes from the declarations in endpoints.ts; nothing is routed by hand.
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { requestId } from 'hono/request-id';
import { callerFromToken, createTokenVerifier, invalidSession } from './auth.ts';
import { ANON } from './caller.ts';
import { routes } from './contract.ts';
import type { AppDeps, AppEnv } from './context.ts';
import { endpointList } from './endpoints.ts';
import { ApiError, handleError, type ErrorBody } from './errors.ts';
import { createGoTrueGateway } from './gotrue.ts';
import { sendSmsHook } from './hooks/send-sms.ts';
import { createTwilioSender, noSmsSender } from './hooks/sms-sender.ts';
import { drainHook, twilioInboundHook, twilioStatusHook, type TextsDeps } from './hooks/texts.ts';
import { mountWalletHooks } from './hooks/wallet.ts';
import { mountEndpoint, mountHook } from './mount.ts';

/** Request bodies are small JSON objects; anything bigger is refused before it is read. */
export const MAX_BODY_BYTES = 16 * 1024;

/** Sets c.var.caller from the Authorization header; no header means an anonymous visitor. */
const identifyCaller: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header('authorization');
  if (header === undefined) {
    c.set('caller', ANON);
  } else {
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
    if (!match) throw invalidSession();
    c.set('caller', await callerFromToken(match[1]!, c.var.config.anonKey, c.var.verifier));
  }
  await next();
};

export function createApp(deps: AppDeps) {
  const authGateway = deps.auth ?? createGoTrueGateway(deps.config);
  const verifier = deps.verifier ?? createTokenVerifier(deps.config.supabaseUrl, authGateway);

  const app = new Hono<AppEnv>().basePath('/api');
  app.use(requestId());
  app.use(
    cors({
      origin: (origin) => (deps.config.allowedOrigins.includes(origin) ? origin : null),
      allowHeaders: ['authorization', 'x-client-info', 'apikey', 'content-type', 'idempotency-key'],
      allowMethods: ['GET', 'POST', 'PUT', 'OPTIONS'],
      exposeHeaders: ['retry-after', 'x-request-id', 'content-disposition'],
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
  // The one provider every SMS goes through (hooks/sms-sender.ts).
  const sms = deps.sms ?? (deps.config.twilio ? createTwilioSender(deps.config.twilio) : noSmsSender);
  // Supabase Auth's Send SMS hook: signed by Auth, not a caller's endpoint (hooks/send-sms.ts).
  mountHook(app, routes.hookSendSms, sendSmsHook({ db: deps.db, secrets: deps.config.sendSmsHookSecrets, sms }));
  // The programme's texts: the outbox's drain and Twilio's callbacks (hooks/texts.ts).
  const texts: TextsDeps = {
    db: deps.db,
    sms,
    drainSecret: deps.config.textsDrainSecret,
    twilioAuthToken: deps.config.twilioAuthToken,
    publicBaseUrl: deps.config.publicFunctionsUrl,
  };
  mountHook(app, routes.hookTextsDrain, drainHook(texts));
  mountHook(app, routes.hookTwilioStatus, twilioStatusHook(texts));
  mountHook(app, routes.hookTwilioInbound, twilioInboundHook(texts));
  // Apple Wallet's pass web service and the wallet pushes' drain (hooks/wallet.ts).
  mountWalletHooks(app, {
    db: deps.db,
    wallet: deps.config.wallet,
    rateLimits: deps.config.rateLimits,
    drainSecret: deps.config.textsDrainSecret,
  });
  app.use(identifyCaller);

  for (const endpoint of endpointList) mountEndpoint(app, endpoint);

  app.notFound((c) => c.json<ErrorBody>({ error: { code: 'not_found', message: 'Not found' } }, 404));
  app.onError(handleError);
  return app;
}

export type App = ReturnType<typeof createApp>;
