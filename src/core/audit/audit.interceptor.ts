import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { catchError, from, lastValueFrom, Observable } from 'rxjs';
import type { CompanyRequest } from '../access/company-access';
import { CompanyStandings } from '../access/company-standing';
import { AppException } from '../http/app.exception';
import { AuditTrail } from './audit-trail';

/**
 * Runs an audited change and its audit record in one transaction: no change without its
 * record, no record without its change. The transaction first holds the company (see
 * CompanyStandings.holdForChange), so a change racing the company's deletion either finishes
 * before the purge or answers 404 after it. A refusal (403/409/429) is recorded after the
 * rollback, with status error.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(
    private readonly audit: AuditTrail,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly standings: CompanyStandings,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!this.audit.auditedPermission(context)) return next.handle();
    const req = context.switchToHttp().getRequest<CompanyRequest>();
    const caller = req.auth!.account;

    return from(
      this.txHost.withTransaction(async () => {
        if (!(await this.standings.holdForChange(req.companyAccess!.companyId))) throw AppException.notFound('Company');
        const result = await lastValueFrom(next.handle(), { defaultValue: undefined });
        await this.audit.recordSuccess(context, caller.id, result);
        return result;
      }),
    ).pipe(
      catchError(async (error: unknown) => {
        await this.audit.recordRefusal(context, caller, error, true);
        throw error;
      }),
    );
  }
}
