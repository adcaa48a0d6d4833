import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { lastValueFrom, map, Observable, of } from 'rxjs';
import type { AdminTrailInterceptor } from '../audit/admin-trail.interceptor';
import type { AuditInterceptor } from '../audit/audit.interceptor';
import type { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import type { DatabaseQuotaInterceptor } from '../limits/database-quota.interceptor';
import { WriteStagesInterceptor } from './write-stages.interceptor';

/** A stage that records its name on the way in and wraps what the inner ones answer on the way out. */
function stage(name: string, calls: string[], answerItself = false) {
  return {
    intercept: (_context: ExecutionContext, next: CallHandler): Observable<unknown> => {
      calls.push(name);
      if (answerItself) return of(`${name} answered`);
      return next.handle().pipe(map((value) => `${name}(${String(value)})`));
    },
  };
}

function chain(calls: string[], answering?: string) {
  const [idempotency, audit, adminTrail, quota] = ['idempotency', 'audit', 'adminTrail', 'quota'].map((name) =>
    stage(name, calls, name === answering),
  );
  return new WriteStagesInterceptor(
    idempotency as unknown as IdempotencyInterceptor,
    audit as unknown as AuditInterceptor,
    adminTrail as unknown as AdminTrailInterceptor,
    quota as unknown as DatabaseQuotaInterceptor,
  );
}

describe('WriteStagesInterceptor', () => {
  const context = {} as ExecutionContext;

  it('runs the idempotency, audit, admin trail and quota stages outermost first around the handler', async () => {
    const calls: string[] = [];
    const handler = { handle: () => of('handler') };
    const answer = await lastValueFrom(chain(calls).intercept(context, handler));
    expect(calls).toEqual(['idempotency', 'audit', 'adminTrail', 'quota']);
    expect(answer).toBe('idempotency(audit(adminTrail(quota(handler))))');
  });

  it('runs nothing inside a stage that answers by itself (a replayed Idempotency-Key)', async () => {
    const calls: string[] = [];
    const handler = { handle: jest.fn(() => of('handler')) };
    const answer = await lastValueFrom(chain(calls, 'idempotency').intercept(context, handler));
    expect(calls).toEqual(['idempotency']);
    expect(handler.handle).not.toHaveBeenCalled();
    expect(answer).toBe('idempotency answered');
  });
});
