import { CallHandler, ExecutionContext, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { Request, Response } from 'express';
import { AuditTrail } from '../audit/audit-trail';
import { from, lastValueFrom, Observable, of } from 'rxjs';
import { AppException, ErrorCode } from '../http/app.exception';
import { answerData, answerMessage } from '../http/envelope';
import { IDEMPOTENT_REPLAYED_HEADER, Idempotency } from './idempotency';

/**
 * Between the envelope and the audited transaction: answers a repeat with the stored answer
 * (nothing below runs, so nothing changes and nothing is audited). An audited change stores its
 * answer in its own transaction (AuditInterceptor); any other keyed write (a company, an API key,
 * a fingerprint, an invitation's answer) runs here in a transaction that stores its answer too, so
 * that no change exists without its stored answer (CONTRACT 18).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly idempotency: Idempotency,
    private readonly audit: AuditTrail,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    const replay = this.idempotency.replayOf(req);
    if (replay) {
      res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
      const answer = replay.answer!;
      if (answer.error) throw new AppException(answer.error.code as ErrorCode, answer.message, answer.error.details);
      res.status(replay.status_code!);
      return of(answer.data);
    }
    if (!this.idempotency.pending(req) || this.audit.auditedPermission(context)) return next.handle();
    return from(
      this.txHost.withTransaction(async () => {
        const value = await lastValueFrom(next.handle(), { defaultValue: undefined });
        if (value instanceof StreamableFile) await this.idempotency.release(req);
        else
          await this.idempotency.storeSuccess(
            req,
            res.statusCode,
            answerMessage(res),
            answerData(context.getHandler(), value),
          );
        return value;
      }),
    );
  }
}
