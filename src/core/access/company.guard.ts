import { CanActivate, ExecutionContext, Injectable, Type } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { isUUID } from 'class-validator';
import { AuditTrail } from '../audit/audit-trail';
import { type AuthContext, type CallerAccount, credentialKindOf } from '../auth/auth-context';
import { REQUIRED_CREDENTIAL } from '../auth/auth.decorators';
import { AppException } from '../http/app.exception';
import { AccessRepository } from './access.repository';
import { CompanyStanding, CompanyStandings } from './company-standing';
import { CompanyAccess, CompanyRequest } from './company-access';
import {
  ADMIN_ACCESS,
  AdminAccess,
  COMPANY_RESOURCES,
  COMPANY_ROUTE,
  REQUIRED_PERMISSION,
  TEXT_PARAMS,
} from './company-route.decorators';
import { effectivePermissions, planAllows } from './effective-permissions';
import { PermissionCatalog } from './permission-catalog';
import type { PermissionCode } from './permission-codes';

/** The refusal of a route that needs a password session (CONTRACT 20). */
const PASSWORD_SESSION_NEEDED = () =>
  new AppException('forbidden', 'This operation needs a session signed in with the password', [
    { field: 'credential', message: 'needs a session signed in with the password' },
  ]);

/** `clientId` → `Client`, for "Client not found". */
const resourceName = (param: string) => param.charAt(0).toUpperCase() + param.slice(1).replace(/Id$/, '');

/**
 * The permission engine (CONTRACT 6) on every company route, in the order of CONTRACT 2:
 * path ids are UUIDs (400); the company exists and the caller belongs to it (404); each path
 * resource is the company's (404); the route's permission is held (403 forbidden), then the
 * plan allows it (403 plan_required). One query answers membership, plan and granted codes;
 * the catalog is in memory. A route that needs a password session (@RequirePasswordSession)
 * refuses other credentials at the same point: on any route, after malformed ids (and on a
 * company route after its 404s), before the permission.
 */
@Injectable()
export class CompanyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly access: AccessRepository,
    private readonly standings: CompanyStandings,
    private readonly catalog: PermissionCatalog,
    private readonly audit: AuditTrail,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const req = context.switchToHttp().getRequest<CompanyRequest>();
    const needsPassword =
      this.reflector.get<string | undefined>(REQUIRED_CREDENTIAL, context.getHandler()) !== undefined;
    if (!this.reflector.getAllAndOverride<boolean>(COMPANY_ROUTE, targets)) {
      if (needsPassword) {
        this.refuseMalformedIds(context, req);
        if (!signedInWithPassword(req.auth!)) throw PASSWORD_SESSION_NEEDED();
      }
      return true;
    }
    const account = req.auth!.account;

    const params = req.params as Record<string, string>;
    this.refuseMalformedIds(context, req);

    const companyId = params.id;
    const adminAccess = this.reflector.get<AdminAccess | undefined>(ADMIN_ACCESS, context.getHandler());
    const actsAsAdmin = account.is_admin && adminAccess !== undefined;
    const prefetched = req.prefetchedStanding;
    const standing =
      prefetched?.companyId === companyId && prefetched.accountId === account.id
        ? prefetched.standing
        : await this.standings.standing(companyId, account.id);
    if (!standing || (!standing.role && !actsAsAdmin)) throw AppException.notFound('Company');

    // For object metadata Nest merges class and handler declarations into one object.
    const resources = this.reflector.getAllAndMerge<Record<string, Type>>(COMPANY_RESOURCES, targets) ?? {};
    for (const [param, entity] of Object.entries(resources)) {
      if (params[param] && !(await this.access.exists(entity, params[param], companyId))) {
        throw AppException.notFound(resourceName(param));
      }
    }

    if (needsPassword && !signedInWithPassword(req.auth!)) {
      const refusal = PASSWORD_SESSION_NEEDED();
      await this.audit.recordRefusal(context, account, refusal, true);
      throw refusal;
    }

    const companyAccess = actsAsAdmin
      ? this.adminAccess(companyId, standing)
      : await this.memberAccess(context, account, companyId, standing, adminAccess);
    req.companyAccess = companyAccess;
    return true;
  }

  /** Every path id is a UUID (400), but the parameters the route declares as text. */
  private refuseMalformedIds(context: ExecutionContext, req: CompanyRequest): void {
    const text = this.reflector.get<string[] | undefined>(TEXT_PARAMS, context.getHandler()) ?? [];
    const params = req.params as Record<string, string>;
    const malformed = Object.entries(params).filter(([name, value]) => !text.includes(name) && !isUUID(value));
    if (malformed.length > 0) {
      throw AppException.validation(malformed.map(([field]) => ({ field, message: 'must be a UUID' })));
    }
  }

  private adminAccess(companyId: string, standing: CompanyStanding): CompanyAccess {
    return { companyId, role: 'admin', plan: planOf(standing), permissions: [] };
  }

  private async memberAccess(
    context: ExecutionContext,
    account: CallerAccount,
    companyId: string,
    standing: CompanyStanding,
    adminAccess: AdminAccess | undefined,
  ): Promise<CompanyAccess> {
    const catalog = await this.catalog.byCode();
    const plan = planOf(standing);
    const held = standing.role === 'owner' ? 'all' : (standing.granted ?? []);
    const permission = this.reflector.get<PermissionCode | undefined>(REQUIRED_PERMISSION, context.getHandler());

    if (permission) {
      const refusal =
        adminAccess === 'only' || (held !== 'all' && !held.includes(permission))
          ? AppException.forbidden(`Requires permission '${permission}'`)
          : !planAllows(catalog.get(permission)!, plan)
            ? new AppException(
                'plan_required',
                plan.expired
                  ? `The company's plan has expired; '${permission}' needs an active plan`
                  : `The company's plan does not include '${permission}'`,
              )
            : null;
      if (refusal) {
        await this.audit.recordRefusal(context, account, refusal, true);
        throw refusal;
      }
    }
    return {
      companyId,
      role: standing.role!,
      plan,
      // Worked out only where asked for (the caller's permissions route), not on every request.
      get permissions() {
        return effectivePermissions(catalog, held, plan);
      },
    };
  }
}

const signedInWithPassword = (auth: AuthContext) => credentialKindOf(auth.credential) === 'password';

function planOf(standing: CompanyStanding): CompanyAccess['plan'] {
  return {
    code: standing.plan_code,
    lvl: standing.plan_lvl,
    expiresAt: standing.plan_expires_at,
    expired: standing.expired,
  };
}
