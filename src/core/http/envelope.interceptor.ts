import { CallHandler, ExecutionContext, HttpStatus, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { map, Observable } from 'rxjs';
import { LIST_KEY } from '../openapi/api-envelope.decorator';
import { Page } from '../pagination/page';
import { successEnvelope } from './envelope';

/** The success envelope's `message` for the status the route answers with (also the document's example). */
export const messageOfStatus = (status: number) => (status === HttpStatus.CREATED ? 'Created' : 'OK');
export const answerMessage = (res: Response) => messageOfStatus(res.statusCode);

/**
 * A handler's value as the envelope's `data`: a Page rendered under its @ApiPage key. Also what an
 * idempotent answer stores and what a webhook event carries: the resource as the route answered it.
 */
export function answerData(reflector: Reflector, context: ExecutionContext, value: unknown): unknown {
  if (!(value instanceof Page)) return value ?? {};
  const key = reflector.get<string | undefined>(LIST_KEY, context.getHandler());
  if (!key) throw new Error(`${context.getClass().name}.${context.getHandler().name} returns a Page without @ApiPage`);
  return value.render(key);
}

/** Wraps every successful JSON answer in the envelope of spec section 1. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();

    return next.handle().pipe(
      map((value: unknown) => {
        if (value instanceof StreamableFile) return value;
        return successEnvelope(req, answerMessage(res), answerData(this.reflector, context, value));
      }),
    );
  }
}
