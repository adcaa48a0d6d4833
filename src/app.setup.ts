import { ConfigService } from '@nestjs/config';
import type { CorsOptions } from '@nestjs/common/interfaces/external/cors-options.interface';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request } from 'express';
import helmet from 'helmet';
import type { Server } from 'node:http';
import { Logger } from 'nestjs-pino';
import type { Environment } from './config/environment';
import { logSettings, processLogger } from './config/logger.options';
import { RouteListingAtDebugLogger } from './config/route-listing-at-debug.logger';
import { translateBodyParserErrors } from './core/http/body-parser-errors';
import { EnvelopingExpressAdapter } from './core/http/enveloping-express-adapter';
import { answerParserErrorsWithEnvelope } from './core/http/parser-errors';
import { requestLog } from './core/http/request-log';
import { RequestTally } from './core/http/request-tally';
import { setupOpenApi } from './core/openapi/openapi';
import { API_PREFIX } from './version';

/** Largest JSON body accepted (CONTRACT 1); beyond it 413. */
export const BODY_LIMIT = '1mb';

/** Response headers a browser page may read on a cross-origin answer. */
export const EXPOSED_HEADERS = [
  'X-Request-Id',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
];

/**
 * CORS for exactly the listed origins, with credentials (the refresh cookie); an origin not
 * listed gets no CORS header, and with none listed no CORS code runs at all (CONTRACT 17).
 */
function enableCors(app: NestExpressApplication, origins: string[]): void {
  if (origins.length === 0) return;
  const listed = new Set(origins);
  const allowed: CorsOptions = { origin: true, credentials: true, exposedHeaders: EXPOSED_HEADERS, maxAge: 600 };
  app.enableCors((req: Request, answer: (error: Error | null, options: CorsOptions) => void) =>
    answer(null, listed.has(req.header('Origin') ?? '') ? allowed : { origin: false }),
  );
}

/**
 * Everything main.ts and the e2e tests must do alike to the application before it listens,
 * so the tests exercise the service as it runs.
 */
export function configureApp(app: NestExpressApplication): NestExpressApplication {
  if (!(app.getHttpAdapter() instanceof EnvelopingExpressAdapter)) {
    throw new Error('Create the application on an EnvelopingExpressAdapter: it sends the answers in their envelope');
  }
  app.useLogger(new RouteListingAtDebugLogger(app.get(Logger)));
  const config = app.get<ConfigService<Environment, true>>(ConfigService);
  // First, so a request refused by helmet or the body parser has its id and its line too.
  const tally = app.get(RequestTally);
  tally.watch(app.getHttpServer());
  app.use(requestLog(processLogger(logSettings(config)), tally));
  app.set('trust proxy', config.get('TRUST_PROXY', { infer: true }));
  app.set('x-powered-by', false);
  // Every envelope carries its own timestamp and request id, so an ETag would never match:
  // hashing each response body for one is work without use.
  app.set('etag', false);
  answerParserErrorsWithEnvelope(app.getHttpServer());
  applyServerTimeouts(app.getHttpServer(), config);
  // No conditional requests: the service issues no validators (no ETag, no Last-Modified), so
  // If-None-Match (`*` included) and If-Modified-Since are ignored and a GET always answers its
  // envelope, never Express's bare 304 (docs/api.md, "Conditional requests").
  Object.defineProperty(app.getHttpAdapter().getInstance().request, 'fresh', { get: () => false });
  // upgrade-insecure-requests would make browsers fetch Swagger UI's assets over https from a
  // service reached over plain http (a cluster-internal address, a developer's machine).
  app.use(helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }));
  enableCors(app, config.get('CORS_ORIGINS', { infer: true }));
  app.useBodyParser('json', { limit: BODY_LIMIT });
  app.use(translateBodyParserErrors);
  app.setGlobalPrefix(API_PREFIX);
  setupOpenApi(app);
  return app;
}

/** How often Node looks for connections past the headers or request timeout (its default: 30 s). */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;

/**
 * Node's HTTP server timeouts from the settings: a client that sends its headers or its request
 * too slowly is answered 408 and disconnected, an idle keep-alive connection closed.
 */
function applyServerTimeouts(server: Server, config: ConfigService<Environment, true>): void {
  server.headersTimeout = config.get('HTTP_HEADERS_TIMEOUT_MS', { infer: true });
  server.requestTimeout = config.get('HTTP_REQUEST_TIMEOUT_MS', { infer: true });
  server.keepAliveTimeout = config.get('HTTP_KEEP_ALIVE_TIMEOUT_MS', { infer: true });
  // Read when the server starts listening; the timeouts above are only as precise as this.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = TIMEOUT_CHECK_INTERVAL_MS;
}
