import type { Request } from 'express';
import type { ErrorCode, FieldError } from './app.exception';
import { requestIdOf } from './request-id';

export interface EnvelopeMeta {
  timestamp: string;
  request_id: string;
  path: string;
  method: string;
}

export interface SuccessEnvelope<T> {
  status: true;
  message: string;
  data: T;
  meta: EnvelopeMeta;
}

export interface ErrorEnvelope {
  status: false;
  message: string;
  data: Record<string, never>;
  error: { code: ErrorCode; details?: FieldError[] };
  meta: EnvelopeMeta;
}

export function envelopeMeta(req: Request): EnvelopeMeta {
  return {
    timestamp: new Date().toISOString(),
    request_id: requestIdOf(req, req.res),
    path: (req.originalUrl ?? req.url).split('?')[0],
    method: req.method,
  };
}

export function successEnvelope<T>(req: Request, message: string, data: T): SuccessEnvelope<T> {
  return { status: true, message, data, meta: envelopeMeta(req) };
}

export function errorEnvelope(req: Request, code: ErrorCode, message: string, details?: FieldError[]): ErrorEnvelope {
  return {
    status: false,
    message,
    data: {},
    error: details ? { code, details } : { code },
    meta: envelopeMeta(req),
  };
}
