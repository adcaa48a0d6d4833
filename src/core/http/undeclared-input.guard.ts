import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { Request } from 'express';
import { AppException } from './app.exception';
import { UNKNOWN_QUERY_PARAMETER } from './validation';

/**
 * CONTRACT 1 rejects unknown body fields and unknown query parameters; on a route that takes no
 * body (or no query) every one is unknown. The DTO pipe checks routes that declare them; this
 * covers the ones that do not (activate, a single GET, …). Registered after the credential and
 * company guards, as the order of checks wants; a guard rather than an interceptor, which would
 * cost every request an observable chain.
 */
/**
 * A query parameter that repeats a path parameter with the same value changes nothing, so it is
 * dropped rather than refused (CONTRACT 17: what the client sends that the service cannot honour
 * is 400 only when it would change something). The platform's client sends the company id so
 * (`…/fm/analysis/summary?id=<the path's id>`); another value stays an unknown parameter (400).
 * Express computes `req.query` on each read, so the request gets its own, filtered copy.
 */
function dropEchoedPathParameters(request: Request): void {
  const query = request.query ?? {};
  const echoed = Object.keys(query).filter(
    (name) => request.params?.[name] !== undefined && query[name] === request.params[name],
  );
  if (echoed.length === 0) return;
  const kept = Object.fromEntries(Object.entries(query).filter(([name]) => !echoed.includes(name)));
  Object.defineProperty(request, 'query', { value: kept, configurable: true, enumerable: true, writable: true });
}

@Injectable()
export class UndeclaredInputGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    dropEchoedPathParameters(request);
    const body = request.body;
    const sent = body !== undefined && body !== null && (typeof body !== 'object' || Object.keys(body).length > 0);
    const query = Object.keys(request.query ?? {});
    if (!sent && query.length === 0) return true;
    const takes = this.parameterTypes(context);
    if (sent && !takes.has(String(RouteParamtypes.BODY))) {
      const fields = typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : ['body'];
      throw AppException.validation(
        fields.map((field) => ({ field, message: 'is not an allowed field (this operation takes no body)' })),
      );
    }
    if (query.length > 0 && !takes.has(String(RouteParamtypes.QUERY))) {
      throw AppException.validation(
        query.map((field) => ({ field, message: `${UNKNOWN_QUERY_PARAMETER} (this operation takes none)` })),
      );
    }
    return true;
  }

  /** The kinds of argument the handler declares (body, query, param, …). */
  private parameterTypes(context: ExecutionContext): Set<string> {
    const args: Record<string, unknown> =
      Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), context.getHandler().name) ?? {};
    return new Set(Object.keys(args).map((key) => key.split(':')[0]));
  }
}
