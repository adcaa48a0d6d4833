import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';

const ROUTE_HANDLER = Symbol('routeHandler');

/** A route's handler: the method its declarations (decorators) are kept on. */
export type RouteHandler = ReturnType<ExecutionContext['getHandler']>;

type RoutedRequest = IncomingMessage & { [ROUTE_HANDLER]?: RouteHandler };

/**
 * The first global guard: keeps the route's handler on the request. Nest names it to guards and
 * interceptors only; the adapter that sends the answer (EnvelopingExpressAdapter) reads the
 * route's declarations through it (a Page's @ApiPage key), so a read needs no interceptor.
 */
@Injectable()
export class RouteHandlerGuard implements CanActivate {
  canActivate(context: ExecutionContext): true {
    context.switchToHttp().getRequest<RoutedRequest>()[ROUTE_HANDLER] = context.getHandler();
    return true;
  }
}

/** The handler of the route the request reached (set once the guards ran). */
export function routeHandlerOf(req: IncomingMessage): RouteHandler | undefined {
  return (req as RoutedRequest)[ROUTE_HANDLER];
}
