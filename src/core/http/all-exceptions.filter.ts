import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { databaseUnavailable, transactionCollided } from '../../database/errors';
import { Idempotency } from '../idempotency/idempotency';
import { StorageUnavailableError } from '../storage/storage.service';
import { AppException, ErrorCode } from './app.exception';
import { errorEnvelope } from './envelope';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  429: 'rate_limited',
  503: 'service_unavailable',
};

/** What a client is told to wait when the database is unavailable (a restart takes seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Renders every exception as the error envelope with `error.code`. Anything unexpected is
 * logged with the request id and answered with a generic 500: no stack, SQL or secret.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  constructor(private readonly idempotency: Idempotency) {}

  async catch(exception: unknown, host: ArgumentsHost): Promise<void> {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request>();
    const res = ctx.getResponse<Response>();
    const error = this.toAppException(exception, req);

    // Stored before it is sent, so a repeat never finds the key still running (CONTRACT 18).
    await this.idempotency
      .storeError(req, error.status, error.code, error.message, error.details)
      .catch((failure: unknown) =>
        this.logger.error({ err: failure, request_id: req.id }, 'Could not store an idempotent answer'),
      );
    if (res.headersSent) {
      res.end();
      return;
    }
    for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
    res.status(error.status).json(errorEnvelope(req, error.code, error.message, error.details));
  }

  private toAppException(exception: unknown, req: Request): AppException {
    if (exception instanceof AppException) return exception;

    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const code = CODE_BY_STATUS[status];
      if (status === HttpStatus.NOT_FOUND && /^Cannot [A-Z]+ /.test(exception.message)) {
        return AppException.notFound(`Route ${req.method} ${req.path}`);
      }
      if (code) return new AppException(code, this.messageOf(exception));
    }

    if (exception instanceof StorageUnavailableError) {
      return new AppException('service_unavailable', 'Object storage is unavailable; try again later', undefined, {
        'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
      });
    }
    if (transactionCollided(exception)) {
      this.logger.warn({ err: exception, request_id: req.id }, 'Transaction collided with a concurrent one');
      return new AppException('conflict', 'The change collided with a concurrent change; retry it');
    }
    if (databaseUnavailable(exception)) {
      this.logger.warn({ err: exception, request_id: req.id }, 'Database unavailable');
      return new AppException('service_unavailable', 'The database is unavailable; retry shortly', undefined, {
        'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
      });
    }
    this.logger.error(
      { err: exception, request_id: req.id, method: req.method, path: req.path },
      'Unhandled exception',
    );
    return new AppException('internal_error', 'Internal server error');
  }

  private messageOf(exception: HttpException): string {
    const body = exception.getResponse();
    if (typeof body === 'string') return body;
    const message = (body as { message?: unknown }).message;
    if (Array.isArray(message)) return message.join('; ');
    return typeof message === 'string' ? message : exception.message;
  }
}
