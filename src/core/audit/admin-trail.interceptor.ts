import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { from, lastValueFrom, Observable } from 'rxjs';
import { ADMIN_ROUTE, AdminRouteDeclaration } from '../access/admin-route.decorators';
import type { AuthenticatedRequest } from '../auth/auth-context';
import { AdminTrail } from './admin-trail';

/**
 * A change through the operators' console and its record in the platform audit trail run in one
 * transaction (CONTRACT 21): no change without its record. The record's key is the route's
 * declared action (@AdminRoute); a route that declares `companyRecord` also writes the company's
 * own audit record.
 */
@Injectable()
export class AdminTrailInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly trail: AdminTrail,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const declaration = this.reflector.get<AdminRouteDeclaration | undefined>(ADMIN_ROUTE, context.getHandler());
    if (!declaration) return next.handle();
    const action = declaration.action;
    if (!action) throw new Error('A write route of the console declares its action: @AdminRoute(level, { action })');
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    return from(
      this.txHost.withTransaction(async () => {
        const result = await lastValueFrom(next.handle(), { defaultValue: undefined });
        const { id, company_id } = (result ?? {}) as { id?: unknown; company_id?: unknown };
        const adminId = req.auth!.account.id;
        await this.trail.record(req, adminId, action, typeof id === 'string' ? id : undefined);
        if (declaration.companyRecord) {
          if (typeof company_id !== 'string') throw new Error(`The answer of ${action} names no company_id`);
          await this.trail.recordForCompany(req, adminId, company_id, declaration.companyRecord, action);
        }
        return result;
      }),
    );
  }
}
