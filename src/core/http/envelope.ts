import { HttpStatus } from '@nestjs/common';
import type { Request, Response } from 'express';
import { LIST_KEY } from '../openapi/api-envelope.decorator';
import { Page } from '../pagination/page';
import type { ErrorCode, FieldError } from './app.exception';
import { requestIdOf } from './request-id';
import type { RouteHandler } from './route-handler.guard';

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

/**
 * The success envelope as JSON text around `data`, already JSON text (a page whose items are the
 * database's own JSON, Page.renderJson): the same value, keys in the same order, as
 * `JSON.stringify(successEnvelope(req, message, JSON.parse(data)))`.
 */
export function successEnvelopeJson(req: Request, message: string, data: string): string {
  const meta = JSON.stringify(envelopeMeta(req));
  return `{"status":true,"message":${JSON.stringify(message)},"data":${data},"meta":${meta}}`;
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

/** The success envelope's `message` for the status the route answers with (also the document's example). */
export const messageOfStatus = (status: number) => (status === HttpStatus.CREATED ? 'Created' : 'OK');
export const answerMessage = (res: Response) => messageOfStatus(res.statusCode);

/**
 * A route handler's value as the envelope's `data`: a Page rendered under the route's @ApiPage
 * key. Also what an idempotent answer stores and what a webhook event carries: the resource as
 * the route answered it.
 */
export function answerData(handler: RouteHandler, value: unknown): unknown {
  return value instanceof Page ? value.render(listKeyOf(handler)) : (value ?? {});
}

/** The key a route's Page is rendered under (its @ApiPage). */
export function listKeyOf(handler: RouteHandler): string {
  const key = Reflect.getMetadata(LIST_KEY, handler) as string | undefined;
  if (!key) throw new Error(`${handler.name} returns a Page without @ApiPage`);
  return key;
}
