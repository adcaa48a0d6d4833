import { CallHandler, ExecutionContext, HttpStatus, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { map, Observable } from 'rxjs';
import { Paginated } from '../pagination/paginated';
import { successEnvelope } from './envelope';
import { RESPONSE_MESSAGE } from './response-message.decorator';

/** Wraps every successful JSON answer in the envelope of spec section 1. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const message = this.reflector.get<string | undefined>(RESPONSE_MESSAGE, context.getHandler());

    return next.handle().pipe(
      map((value: unknown) => {
        if (value instanceof StreamableFile) return value;
        const data = value instanceof Paginated ? value.toJSON() : (value ?? {});
        const fallback = res.statusCode === HttpStatus.CREATED ? 'Created' : 'OK';
        return successEnvelope(req, message ?? fallback, data);
      }),
    );
  }
}
