import { CallHandler, ExecutionContext, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { from, Observable, of, switchMap } from 'rxjs';
import { AppException, ErrorCode } from '../http/app.exception';
import { answerData, answerMessage } from '../http/envelope.interceptor';
import { IDEMPOTENT_REPLAYED_HEADER, Idempotency } from './idempotency';

/**
 * Between the envelope and the audited transaction: answers a repeat with the stored answer
 * (nothing below runs, so nothing changes and nothing is audited), and stores the answer of an
 * unaudited success (an audited one was stored in its transaction).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly idempotency: Idempotency,
    private readonly reflector: Reflector,
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
    if (!this.idempotency.pending(req)) return next.handle();
    return next.handle().pipe(
      switchMap((value: unknown) =>
        from(
          (async () => {
            if (!this.idempotency.pending(req)) return value;
            if (value instanceof StreamableFile) await this.idempotency.release(req);
            else
              await this.idempotency.storeSuccess(
                req,
                res.statusCode,
                answerMessage(res),
                answerData(this.reflector, context, value),
              );
            return value;
          })(),
        ),
      ),
    );
  }
}
