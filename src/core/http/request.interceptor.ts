import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { AuditInterceptor } from '../audit/audit.interceptor';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { DatabaseQuotaInterceptor } from '../limits/database-quota.interceptor';
import { EnvelopeInterceptor } from './envelope.interceptor';

/** One of the chained interceptors: each answers with an Observable, synchronously. */
interface Stage {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown>;
}

/**
 * The application's one global interceptor: the envelope, the Idempotency-Key's answer, the
 * audited transaction and the database quota, outermost first, each wrapping the next exactly as
 * when Nest chained them as four global interceptors. Nest gives every global interceptor a
 * deferred Observable, an AsyncResource and an rxjs merge of its own on every request (issue 29:
 * a large share of a list request's CPU); chained here, a stage with nothing to do for the
 * request costs a function call. A stage still runs the next one only when it calls `handle()`,
 * in the async context it calls it from (the audited transaction's, for the quota).
 */
@Injectable()
export class RequestInterceptor implements NestInterceptor {
  private readonly stages: readonly Stage[];

  constructor(
    envelope: EnvelopeInterceptor,
    idempotency: IdempotencyInterceptor,
    audit: AuditInterceptor,
    quota: DatabaseQuotaInterceptor,
  ) {
    this.stages = [envelope, idempotency, audit, quota];
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return this.fromStage(0, context, next);
  }

  private fromStage(index: number, context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (index === this.stages.length) return next.handle();
    return this.stages[index].intercept(context, { handle: () => this.fromStage(index + 1, context, next) });
  }
}
