import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { catchError, from, lastValueFrom, Observable } from 'rxjs';
import type { CompanyRequest } from '../access/company-access';
import { CHANGES_COMPANY_KEY } from '../access/company-route.decorators';
import { CompanyStandings } from '../access/company-standing';
import { transactionCollided } from '../../database/errors';
import { AppException } from '../http/app.exception';
import { answerData, answerMessage } from '../http/envelope';
import { Idempotency } from '../idempotency/idempotency';
import { AuditTrail } from './audit-trail';
import { StagedWrite, PREPARES_FIRST } from './staged-write';

/** Runs of a change transaction that collides with a concurrent one (40001, 40P01), at most. */
const COLLISION_ATTEMPTS = 3;

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
    const exclusive = this.reflector.get<boolean>(CHANGES_COMPANY_KEY, context.getHandler()) === true;
    const change = this.reflector.get<boolean>(PREPARES_FIRST, context.getHandler())
      ? this.commitStaged(context, companyId, caller.id, next)
      : this.inChangeTransaction(companyId, exclusive, async () => {
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
    const data = answerData(context.getHandler(), result);
    await this.audit.recordSuccess(context, accountId, result, data);
    await this.idempotency.storeSuccess(req, req.res!.statusCode, answerMessage(req.res!), data);
  }

  /**
   * A transaction that holds the company first; 404 when it is gone or being deleted. One that
   * the server rolls back on a serialisation failure or a deadlock (40001, 40P01) runs again,
   * a bounded number of times; then the filter answers 409 conflict.
   */
  private async inChangeTransaction<T>(companyId: string, exclusive: boolean, work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.txHost.withTransaction(async () => {
          if (!(await this.standings.holdForChange(companyId, exclusive))) throw AppException.notFound('Company');
          return work();
        });
      } catch (error) {
        if (attempt >= COLLISION_ATTEMPTS || !transactionCollided(error)) throw error;
        this.logger.warn({ err: error, company_id: companyId, attempt }, 'Transaction collided; running it again');
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
      }
    }
  }

  /** The handler stages its write outside any transaction; its rows and record commit together. */
  private async commitStaged(
    context: ExecutionContext,
    companyId: string,
    accountId: string,
    next: CallHandler,
  ): Promise<unknown> {
    const staged = await lastValueFrom(next.handle(), { defaultValue: undefined });
    if (!(staged instanceof StagedWrite)) throw new Error('An @PreparesFirst() route must return a StagedWrite');
    try {
      return await this.inChangeTransaction(companyId, false, async () => {
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
