import { CallHandler, ExecutionContext, HttpStatus, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { map, Observable } from 'rxjs';
import { LIST_KEY } from '../openapi/api-envelope.decorator';
import { Page } from '../pagination/page';
import { successEnvelope } from './envelope';

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
        const data = value instanceof Page ? value.render(this.listKey(context)) : (value ?? {});
        return successEnvelope(req, res.statusCode === HttpStatus.CREATED ? 'Created' : 'OK', data);
      }),
    );
  }

  private listKey(context: ExecutionContext): string {
    const key = this.reflector.get<string | undefined>(LIST_KEY, context.getHandler());
    if (!key)
      throw new Error(`${context.getClass().name}.${context.getHandler().name} returns a Page without @ApiPage`);
    return key;
  }
}
