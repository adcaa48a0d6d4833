import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiExtension } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../auth/auth-context';
import { AppException } from '../http/app.exception';

const ADMIN_LEVEL = 'access:admin_level';
/** Kroncl's ADMIN_LEVEL_MAX: stored levels above it (older accounts' 10) count as it (CONTRACT 21). */
const HIGHEST_ADMIN_LEVEL = 5;

/**
 * Enforces @RequireAdminLevel after the auth guard has named the caller: an administrator of at
 * least the declared level, else 403 `forbidden` naming what is missing.
 */
@Injectable()
export class AdminLevelGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const required = this.reflector.get<number>(ADMIN_LEVEL, context.getHandler());
    const account = context.switchToHttp().getRequest<AuthenticatedRequest>().auth?.account as
      { is_admin: boolean; admin_level?: number | null } | undefined;
    if (!account) throw AppException.unauthorized();
    if (!account.is_admin) throw AppException.forbidden('Requires a platform administrator');
    const level = Math.min(account.admin_level ?? 0, HIGHEST_ADMIN_LEVEL);
    if (level < required)
      throw AppException.forbidden(`Requires administrator level ${required} (the caller has ${level})`);
    return true;
  }
}

/**
 * A platform route for administrators of at least `level` (1 to 5, CONTRACT 21), shown in
 * OpenAPI as `x-admin-level` like the console's routes, whose declaration absorbs this one.
 */
export const RequireAdminLevel = (level: 1 | 2 | 3 | 4 | 5) =>
  applyDecorators(SetMetadata(ADMIN_LEVEL, level), ApiExtension('x-admin-level', level), UseGuards(AdminLevelGuard));
