import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Histogram } from 'prom-client';

/** The route label of requests no route handled (unknown paths, bodies refused before routing). */
export const UNMATCHED_ROUTE = 'unmatched';

const STARTED_AT = Symbol('requestStartedAt');
const NO_ROUTE_HANDLED = Symbol('noRouteHandled');

/** What Express leaves on the request: the last route it dispatched to. */
interface RoutedRequest {
  route?: { path?: unknown };
  [NO_ROUTE_HANDLED]?: true;
}

type TimedResponse = ServerResponse<IncomingMessage & RoutedRequest> & { [STARTED_AT]: number };

/**
 * The route template Express matched (e.g. `/api/v1/companies/:id/modules/crm/clients`): a
 * label with ids in it would create a series per company and client.
 */
export function routeTemplateOf(req: RoutedRequest): string {
  const path = req.route?.path;
  return typeof path === 'string' && !req[NO_ROUTE_HANDLED] ? path : UNMATCHED_ROUTE;
}

/**
 * Express middleware to mount after every route: a request reaches it only when no handler
 * answered. Nest mounts its middleware as catch-all routes (`/api/v1/{*path}`), which stay
 * in `req.route` when no handler follows them; this tells them apart.
 */
export function markUnhandledRequests(req: RoutedRequest, _res: unknown, next: () => void): void {
  req[NO_ROUTE_HANDLED] = true;
  next();
}

/**
 * Times every request the server receives, from before Express sees it (so requests refused by
 * body parsing or helmet count too) to the end of its response, in one histogram observation.
 * The listeners are shared functions: nothing is allocated per request but the observation.
 */
export function observeRequestDurations(
  server: Server,
  histogram: Histogram<'method' | 'route' | 'status_code'>,
): void {
  function recordResponse(this: TimedResponse): void {
    histogram.observe(
      { method: this.req.method, route: routeTemplateOf(this.req), status_code: this.statusCode },
      (performance.now() - this[STARTED_AT]) / 1000,
    );
  }
  server.prependListener('request', (_req: IncomingMessage, res: TimedResponse) => {
    res[STARTED_AT] = performance.now();
    res.on('finish', recordResponse);
  });
}
