import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { RequirePasswordSession } from '../auth/auth.decorators';
import type { PermissionCode } from './permission-codes';

export const ADMIN_ROUTE = 'access:admin_route';

/** The platform's administrator levels, 1 to 5 (Kroncl's ADMIN_LEVEL_MIN / ADMIN_LEVEL_MAX). */
export const ADMIN_LEVEL_MIN = 1;
export const ADMIN_LEVEL_MAX = 5;
export type AdminLevel = 1 | 2 | 3 | 4 | 5;

export interface AdminRouteDeclaration {
  level: AdminLevel;
  /** Also needs the `X-Admin-Keyword` header equal to ADMIN_KEYWORD (CONTRACT 21). */
  critical: boolean;
  /** A change's key in the platform audit trail, e.g. `accounts.promote_admin`; every write route names one. */
  action?: string;
  /**
   * A change of a company's data (a ticket, its messages) also writes the company's own audit
   * record (CONTRACT 7) under this key, `account_id` the administrator, so the company sees who of
   * the platform touched it. The route's answer names the company in `company_id`.
   */
  companyRecord?: PermissionCode;
}

/**
 * Declares a route of the operators' console (CONTRACT 21): the administrator level it needs
 * and whether it is critical. The admin guard enforces it (401, then 403 naming what is missing)
 * and OpenAPI shows it as `x-admin-level` and `x-admin-critical`, so they cannot drift apart. A
 * change's `action` is its key in the platform audit trail (AdminTrailInterceptor), `x-admin-action`.
 * A critical route needs the highest level. Every console route needs a password session (CONTRACT 20).
 */
export function AdminRoute(
  level: AdminLevel,
  options: { critical?: boolean; action?: string; companyRecord?: PermissionCode } = {},
) {
  const critical = options.critical ?? false;
  if (critical && level !== ADMIN_LEVEL_MAX) {
    throw new Error(`A critical admin route needs level ${ADMIN_LEVEL_MAX}, not ${level}`);
  }
  const declaration: AdminRouteDeclaration = {
    level,
    critical,
    ...(options.action ? { action: options.action } : {}),
    ...(options.companyRecord ? { companyRecord: options.companyRecord } : {}),
  };
  return applyDecorators(
    SetMetadata(ADMIN_ROUTE, declaration),
    // Every console action needs a session signed in with the password (CONTRACT 20, 21).
    RequirePasswordSession(),
    ApiExtension('x-admin-level', level),
    ...(critical ? [ApiExtension('x-admin-critical', true)] : []),
    ...(options.action ? [ApiExtension('x-admin-action', options.action)] : []),
  );
}

/** A stored level as the platform serves it: levels above the highest (older accounts' 10) count as the highest. */
export const servedAdminLevel = (stored: number | null): number | null =>
  stored === null ? null : Math.min(stored, ADMIN_LEVEL_MAX);
