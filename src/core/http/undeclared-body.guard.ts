import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { Request } from 'express';
import { AppException } from './app.exception';

/**
 * CONTRACT 1 rejects unknown body fields; on a route that takes no body every field is
 * unknown. The DTO pipe checks routes with a body; this covers the ones without (activate,
 * revoke, …). Registered after the credential and company guards, as the order of checks wants;
 * a guard rather than an interceptor, which would cost every request an observable chain.
 */
@Injectable()
export class UndeclaredBodyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const body = context.switchToHttp().getRequest<Request>().body;
    const sent = body !== undefined && body !== null && (typeof body !== 'object' || Object.keys(body).length > 0);
    if (sent && !this.takesBody(context)) {
      const fields = typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : ['body'];
      throw AppException.validation(
        fields.map((field) => ({ field, message: 'is not an allowed field (this operation takes no body)' })),
      );
    }
    return true;
  }

  private takesBody(context: ExecutionContext): boolean {
    const args: Record<string, unknown> =
      Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), context.getHandler().name) ?? {};
    return Object.keys(args).some((key) => key.split(':')[0] === String(RouteParamtypes.BODY));
  }
}
