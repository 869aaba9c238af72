/**
 * createApp(deps): the whole Koa application, with no global state, so tests build as many
 * as they like. The order of the middleware is the order a request meets them.
 */
import Koa from 'koa';
import Router from '@koa/router';
import session from 'koa-session';
import compress from 'koa-compress';
import { bodyParser } from '@koa/bodyparser';
import { pinoHttp } from 'pino-http';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppDeps } from './http/context';
import { errorMiddleware, logResponseErrors } from './http/errors';
import { compression, serializeJsonOnce } from './http/json-body';
import { jsonOnly, originCheck, requireHttps, securityHeaders } from './http/security';
import { generalLimit } from './http/rate-limit';
import { sessionUser } from './http/session-user';
import { IDLE_MS } from './auth/session-user';
import { inlineScriptHashes, serveClient } from './http/static';
import { postgresSessionStore } from './auth/session-store';
import { defaultProvider, grantMiddleware, type OidcProvider } from './auth/oidc';
import { devIdpRouter } from './auth/dev-idp';
import { DEV_ZATCA_BODY_LIMIT_BYTES, DEV_ZATCA_PATHS, devZatcaRouter } from './modules/e-invoicing/dev-zatca';
import { devMoyasarRouter } from './modules/card-gateway/dev-moyasar/router';
import { devWathqRouter } from './modules/commercial-register/dev-wathq';
import { WEBHOOK_PATH } from './modules/card-gateway/routes';
import { createClock, testClockRouter } from './clock';
import { TEST_CLOCK_SWEEPS } from './registry/sweeps';
import { followScorecards } from './modules/scorecards/followers';
import { recomputeTier } from './modules/tiers/recompute';
import { testWritesRouter } from './test-writes';
import { authRouter } from './modules/session/routes';
import { apiRouter } from './routes';
import { healthRouter } from './modules/health/routes';
import { Metrics } from './modules/metrics/registry';
import { measureRequests } from './modules/metrics/http';
import { metricsRouter } from './modules/metrics/routes';
import { closeConnectionsWhileDraining } from './lifecycle/shutdown';
import { serveMedia } from './modules/photos/media';
import { catalogueFastPath } from './modules/products/catalogue-fast-path';
import { uploads } from './modules/photos/uploads';
import { objectStore } from './storage';
import { LiveHub } from './modules/live/hub';
import { PushSender, type PushTransport } from './modules/push/send';
import { PdfRenderer } from './modules/invoices/pdf-renderer';
import { ClearanceWorker } from './modules/invoices/clearance-queue';
import { ScorecardWorker } from './modules/scorecards/queue';
import { sessionCookieName } from './auth/session-id';
import { IMPORT_BODY_LIMIT_BYTES } from '../shared/price-list';

const IMPORT_PATH = '/api/products/imports';
/** Every other body. */
const BODY_LIMIT_BYTES = 100 * 1024;
const SESSION_PATHS = /^\/(api|connect|dev-idp)(\/|$)/;

export interface CreateAppOptions extends Omit<AppDeps, 'clock'> {
  /** the app's clock; a new one on the real time by default */
  clock?: AppDeps['clock'];
  /** replaces Google or the development provider (tests use oauth2-mock-server) */
  oidc?: OidcProvider;
  /** the built client; defaults to ./dist */
  distDir?: string;
  /** test-only: trust a local push service's certificate and address */
  pushTransport?: PushTransport;
}

export function createApp(opts: CreateAppOptions): Koa {
  const { config, logger } = opts;
  const deps: AppDeps = { knex: opts.knex, replica: opts.replica, dbKind: opts.dbKind, config, logger, clock: opts.clock ?? createClock() };
  // A scorecard recompute moves the tier the company earns, in the same transaction.
  followScorecards(recomputeTier);
  // Live updates and push: nothing runs until the first stream or subscription (or
  // startLive at boot); app.context.deps.live.close() stops them.
  deps.live = new LiveHub({ knex: opts.knex, dbKind: opts.dbKind, logger, live: config.live });
  deps.push = new PushSender({ knex: opts.knex, config, logger, transport: opts.pushTransport });
  deps.live.onPush = () => void deps.push!.kick();
  // PDFs render on threads of their own, started with the first one.
  deps.pdf = opts.pdf ?? new PdfRenderer();
  deps.clearance = new ClearanceWorker({ knex: opts.knex, config, logger, clock: deps.clock });
  deps.live.onClearance = () => void deps.clearance!.kick();
  // Scorecards are measured after their events (modules/scorecards/queue.ts): woken by this
  // process's own commits and by the live notice of every other process's.
  deps.scorecards = new ScorecardWorker({ knex: opts.knex, logger, clock: deps.clock });
  deps.live.onScorecards = () => void deps.scorecards!.kick();
  // What GET /metrics reports, and the flag shutdown raises (lifecycle/shutdown.ts).
  deps.readiness = { draining: false };
  deps.metrics = new Metrics({ knex: opts.knex, liveStreams: () => deps.live!.size, draining: () => deps.readiness!.draining, replica: () => deps.replica });
  const provider = opts.oidc ?? defaultProvider(config);
  const distDir = opts.distDir ?? path.resolve('dist');

  // Behind N trusted proxies the client's address is the Nth entry of X-Forwarded-For from
  // the right (Koa keeps the last maxIpsCount entries and takes the first of them); with
  // none, the socket's address, and no X-Forwarded-* header is believed.
  const app = new Koa({ proxy: config.trustProxyHops > 0, maxIpsCount: config.trustProxyHops, keys: [config.sessionSecret] });
  app.context.deps = deps;
  app.on('error', logResponseErrors(logger));
  // One small line per API request: method, url, status, response time and the request
  // id. Never a header: the Cookie and Set-Cookie values are sessions, and whoever reads
  // the logs could take them over (Authorization likewise). The serializers get the raw
  // request and response (wrapSerializers: false), so nothing builds the full copy with
  // every header that pino-http would otherwise make for each request, logged or not.
  const httpLogger = pinoHttp({
    logger,
    quietReqLogger: true,
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage) => ({ method: req.method, url: req.url }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    autoLogging: { ignore: (req) => !req.url?.startsWith('/api/') },
  });

  // Every request measured (by its route's template) and, while draining, answered with Connection: close.
  app.use(measureRequests(deps.metrics));
  app.use(closeConnectionsWhileDraining(deps.readiness));
  app.use(async (ctx, next) => {
    httpLogger(ctx.req, ctx.res);
    ctx.log = ctx.req.log;
    await next();
  });
  // A guest's catalogue page the page cache holds: answered here, ahead of everything
  // below, with the bytes and headers the whole chain gave it (counted against the same
  // budget; under other security headers, the chain answers again).
  const limit = generalLimit(config.limits.perUserPerMinute);
  const scriptHashes = inlineScriptHashes(distDir);
  app.use(catalogueFastPath({ countRequest: limit.count, httpsOnly: config.https, securedBy: scriptHashes }));
  app.use(errorMiddleware());
  app.use(securityHeaders(config.production, scriptHashes));
  app.use(compress(compression));
  app.use(serializeJsonOnce());
  // The health check before sessions and rate limits: it must answer within its own
  // bound when the database is down, not after a session lookup or a limiter's
  // round trip has failed first, and a monitor has no cookie to load anyway.
  const health = healthRouter();
  app.use(health.routes()).use(health.allowedMethods());
  // The metrics likewise: a scraper has no cookie, and its scrapes must not eat a budget.
  const metrics = metricsRouter();
  app.use(metrics.routes()).use(metrics.allowedMethods());
  // Photo files: public, immutable, no session.
  app.use(serveMedia(() => objectStore(config)));
  // MOYASAR_* unset (never in production: config.ts refuses): the development gateway, a
  // site of its own (no session, no origin check: its API is called server to server).
  if (config.moyasar.dev) {
    const moyasar = devMoyasarRouter(config);
    app.use(moyasar.routes()).use(moyasar.allowedMethods());
  }
  // WATHQ_* unset (never in production: config.ts refuses): the development commercial register, likewise.
  if (config.wathq.dev) {
    const register = devWathqRouter(config);
    app.use(register.routes()).use(register.allowedMethods());
  }
  // Sessions only where the server needs them: static files never touch (or re-set) the
  // cookie, so a slow asset cannot put back the cookie of a session replaced at sign-in.
  const sessions = session(
    {
      key: sessionCookieName(config.https),
      maxAge: IDLE_MS,
      // Renewed when half of the idle time has passed, not on every request: one
      // session write a fortnight instead of one per call.
      renew: true,
      httpOnly: true,
      signed: true,
      sameSite: 'lax',
      secure: config.https,
      store: postgresSessionStore(deps.knex),
    },
    app,
  );
  const serverPathsOnly = (mw: Koa.Middleware): Koa.Middleware => (ctx, next) => (SESSION_PATHS.test(ctx.path) ? mw(ctx, next) : next());
  if (config.https) app.use(serverPathsOnly(requireHttps(config.publicUrl)));
  app.use(serverPathsOnly(sessions));
  app.use(serverPathsOnly(sessionUser()));
  app.use(limit.middleware);
  // Server-to-server calls carry no Origin: the development providers' token and API paths.
  app.use(originCheck(config.publicUrl, ['/dev-idp/token', WEBHOOK_PATH, ...(config.einvoicing.devZatca ? DEV_ZATCA_PATHS : [])]));
  // The tus endpoint takes raw bytes, so it comes before the JSON-only rule and the body parser.
  app.use(uploads(deps).middleware);
  app.use(jsonOnly());
  // A price list import carries thousands of rows in one body (one transaction, all or
  // none), and the development ZATCA takes documents as large as ZATCA does; every other
  // body stays within 100 kB. A DELETE's body is read too: deleting one's account carries its confirmation.
  const body = bodyParser({ enableTypes: ['json', 'form'], parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'], jsonLimit: BODY_LIMIT_BYTES, formLimit: BODY_LIMIT_BYTES, encoding: 'utf-8' });
  const importBody = bodyParser({ enableTypes: ['json'], jsonLimit: IMPORT_BODY_LIMIT_BYTES, encoding: 'utf-8' });
  const zatcaBody = bodyParser({ enableTypes: ['json'], jsonLimit: DEV_ZATCA_BODY_LIMIT_BYTES, encoding: 'utf-8' });
  const devZatcaPaths = new Set(config.einvoicing.devZatca ? DEV_ZATCA_PATHS : []);
  app.use((ctx, next) => {
    if (ctx.method === 'POST' && ctx.path === IMPORT_PATH) return importBody(ctx, next);
    if (ctx.method === 'POST' && devZatcaPaths.has(ctx.path)) return zatcaBody(ctx, next);
    return body(ctx, next);
  });
  app.use(grantMiddleware(config, provider));

  const routers: Router[] = [authRouter(config, provider), apiRouter()];
  if (!opts.oidc && !config.google) routers.push(devIdpRouter(config, provider.clientSecret));
  // ZATCA_API_URL unset (never in production: config.ts refuses): the development ZATCA.
  if (config.einvoicing.devZatca) routers.push(devZatcaRouter(config));
  if (config.testClock) routers.push(testClockRouter(TEST_CLOCK_SWEEPS), testWritesRouter());
  for (const r of routers) app.use(r.routes()).use(r.allowedMethods());

  app.use(serveClient(distDir));
  return app;
}
