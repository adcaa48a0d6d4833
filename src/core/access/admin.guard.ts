import { createHash, timingSafeEqual } from 'node:crypto';
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import type { Environment } from '../../config/environment';
import type { AuthenticatedRequest } from '../auth/auth-context';
import { AppException } from '../http/app.exception';
import { ADMIN_ROUTE, AdminRouteDeclaration, servedAdminLevel } from './admin-route.decorators';

export const ADMIN_KEYWORD_HEADER = 'x-admin-keyword';

/** Equal strings, in time that does not depend on where they differ (both are hashed to one length first). */
export function sameSecret(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * Enforces @AdminRoute (CONTRACT 21) after the auth guard has named the caller: an administrator
 * of at least the declared level, and on a critical route the `X-Admin-Keyword` header equal to
 * ADMIN_KEYWORD. Each refusal is 403 `forbidden` naming what is missing. Console answers are
 * never cached.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  private readonly keyword: string | undefined;

  constructor(
    private readonly reflector: Reflector,
    config: ConfigService<Environment, true>,
  ) {
    this.keyword = config.get('ADMIN_KEYWORD', { infer: true });
  }

  canActivate(context: ExecutionContext): boolean {
    const declaration = this.reflector.getAllAndOverride<AdminRouteDeclaration | undefined>(ADMIN_ROUTE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!declaration) return true;
    const http = context.switchToHttp();
    http.getResponse<Response>().set('Cache-Control', 'no-store');
    const req = http.getRequest<AuthenticatedRequest>();
    const account = req.auth?.account;
    if (!account) throw AppException.unauthorized();
    if (!account.is_admin) throw AppException.forbidden('Requires a platform administrator');
    const level = servedAdminLevel(account.admin_level) ?? 0;
    if (level < declaration.level) {
      throw AppException.forbidden(`Requires administrator level ${declaration.level} (the caller has ${level})`);
    }
    if (declaration.critical) this.checkKeyword(req.headers[ADMIN_KEYWORD_HEADER]);
    return true;
  }

  private checkKeyword(presented: string | string[] | undefined): void {
    if (!this.keyword) {
      throw AppException.forbidden('ADMIN_KEYWORD is not configured: critical administrator actions are disabled');
    }
    if (typeof presented !== 'string' || presented === '') {
      throw AppException.forbidden('Requires the X-Admin-Keyword header for this critical action');
    }
    if (!sameSecret(presented, this.keyword)) throw AppException.forbidden('The X-Admin-Keyword header is wrong');
  }
}
