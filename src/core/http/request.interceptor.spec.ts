import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { lastValueFrom, map, Observable, of } from 'rxjs';
import type { AuditInterceptor } from '../audit/audit.interceptor';
import type { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import type { DatabaseQuotaInterceptor } from '../limits/database-quota.interceptor';
import type { EnvelopeInterceptor } from './envelope.interceptor';
import { RequestInterceptor } from './request.interceptor';

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
  const [envelope, idempotency, audit, quota] = ['envelope', 'idempotency', 'audit', 'quota'].map((name) =>
    stage(name, calls, name === answering),
  );
  return new RequestInterceptor(
    envelope as unknown as EnvelopeInterceptor,
    idempotency as unknown as IdempotencyInterceptor,
    audit as unknown as AuditInterceptor,
    quota as unknown as DatabaseQuotaInterceptor,
  );
}

describe('RequestInterceptor', () => {
  const context = {} as ExecutionContext;

  it('runs the envelope, idempotency, audit and quota stages outermost first around the handler', async () => {
    const calls: string[] = [];
    const handler = { handle: () => of('handler') };
    const answer = await lastValueFrom(chain(calls).intercept(context, handler));
    expect(calls).toEqual(['envelope', 'idempotency', 'audit', 'quota']);
    expect(answer).toBe('envelope(idempotency(audit(quota(handler))))');
  });

  it('runs nothing inside a stage that answers by itself (a replayed Idempotency-Key)', async () => {
    const calls: string[] = [];
    const handler = { handle: jest.fn(() => of('handler')) };
    const answer = await lastValueFrom(chain(calls, 'idempotency').intercept(context, handler));
    expect(calls).toEqual(['envelope', 'idempotency']);
    expect(handler.handle).not.toHaveBeenCalled();
    expect(answer).toBe('envelope(idempotency answered)');
  });
});
