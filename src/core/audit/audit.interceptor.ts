import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { catchError, from, lastValueFrom, Observable } from 'rxjs';
import type { CompanyRequest } from '../access/company-access';
import { CompanyStandings } from '../access/company-standing';
import { AppException } from '../http/app.exception';
import { answerData, answerMessage } from '../http/envelope.interceptor';
import { Idempotency } from '../idempotency/idempotency';
import { AuditTrail } from './audit-trail';
import { StagedWrite, UPLOADS_FIRST } from './staged-write';

/**
 * Runs an audited change and its audit record in one transaction: no change without its
 * record, no record without its change. The transaction first holds the company (see
 * CompanyStandings.holdForChange), so a change racing the company's deletion either finishes
 * before the purge or answers 404 after it. A refusal (403/409/429) is recorded after the
 * rollback, with status error.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  private readonly logger = new Logger('AuditInterceptor');

  constructor(
    private readonly audit: AuditTrail,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly reflector: Reflector,
    private readonly standings: CompanyStandings,
    private readonly idempotency: Idempotency,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!this.audit.auditedPermission(context)) return next.handle();
    const req = context.switchToHttp().getRequest<CompanyRequest>();
    const caller = req.auth!.account;
    const companyId = req.companyAccess!.companyId;
    const change = this.reflector.get<boolean>(UPLOADS_FIRST, context.getHandler())
      ? this.commitStaged(context, companyId, caller.id, next)
      : this.inChangeTransaction(companyId, async () => {
          const result = await lastValueFrom(next.handle(), { defaultValue: undefined });
          await this.recordSuccess(context, caller.id, result);
          return result;
        });

    return from(change).pipe(
      catchError(async (error: unknown) => {
        await this.audit.recordRefusal(context, caller, error, true);
        throw error;
      }),
    );
  }

  /** In the change's transaction: its audit record and its answer to an `Idempotency-Key` (CONTRACT 18). */
  private async recordSuccess(context: ExecutionContext, accountId: string, result: unknown): Promise<void> {
    const req = context.switchToHttp().getRequest<CompanyRequest>();
    const data = answerData(this.reflector, context, result);
    await this.audit.recordSuccess(context, accountId, result, data);
    await this.idempotency.storeSuccess(req, req.res!.statusCode, answerMessage(req.res!), data);
  }

  /** A transaction that holds the company first; 404 when it is gone or being deleted. */
  private inChangeTransaction<T>(companyId: string, work: () => Promise<T>): Promise<T> {
    return this.txHost.withTransaction(async () => {
      if (!(await this.standings.holdForChange(companyId))) throw AppException.notFound('Company');
      return work();
    });
  }

  /** The handler stages its write outside any transaction; its rows and record commit together. */
  private async commitStaged(
    context: ExecutionContext,
    companyId: string,
    accountId: string,
    next: CallHandler,
  ): Promise<unknown> {
    const staged = await lastValueFrom(next.handle(), { defaultValue: undefined });
    if (!(staged instanceof StagedWrite)) throw new Error('An @UploadsFirst() route must return a StagedWrite');
    try {
      return await this.inChangeTransaction(companyId, async () => {
        const result = await staged.commit();
        await this.recordSuccess(context, accountId, result);
        return result;
      });
    } catch (error) {
      // The client must see why the commit failed, not a failure of the clean-up.
      await staged
        .abandon()
        .catch((failure: unknown) => this.logger.error({ err: failure }, 'Abandoning a staged write failed'));
      throw error;
    }
  }
}
