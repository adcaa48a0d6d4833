import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { AdminTrailInterceptor } from '../audit/admin-trail.interceptor';
import { AuditInterceptor } from '../audit/audit.interceptor';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { DatabaseQuotaInterceptor } from '../limits/database-quota.interceptor';

/** One of the chained interceptors: each answers with an Observable, synchronously. */
interface Stage {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown>;
}

/**
 * What runs around the handler of a route that writes (the verbs of ./verbs put it on each): the
 * Idempotency-Key's answer, the audited transaction (a company's, or the platform's for the
 * console) and the database quota, outermost first,
 * each wrapping the next. Reads run no interceptor at all: Nest builds a deferred Observable, an
 * AsyncResource, rxjs merges and a watch on the client's connection around every handler that
 * has one, about a sixth of a list request's CPU (issue 29), and none of these stages has
 * anything to do for a read. A stage still runs the next one only when it calls `handle()`, in
 * the async context it calls it from (the audited transaction's, for the quota).
 */
@Injectable()
export class WriteStagesInterceptor implements NestInterceptor {
  private readonly stages: readonly Stage[];

  constructor(
    idempotency: IdempotencyInterceptor,
    audit: AuditInterceptor,
    adminTrail: AdminTrailInterceptor,
    quota: DatabaseQuotaInterceptor,
  ) {
    this.stages = [idempotency, audit, adminTrail, quota];
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return this.fromStage(0, context, next);
  }

  private fromStage(index: number, context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (index === this.stages.length) return next.handle();
    return this.stages[index].intercept(context, { handle: () => this.fromStage(index + 1, context, next) });
  }
}
