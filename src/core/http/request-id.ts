import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const VALID_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;
export const REQUEST_ID_HEADER = 'X-Request-Id';

type RequestWithId = IncomingMessage & { id?: unknown };

/**
 * The request's id: the caller's X-Request-Id when well-formed, a fresh UUID otherwise.
 * Idempotent, so the logger and the request context can both ask for it; the first call
 * also echoes it in the response header.
 */
export function requestIdOf(req: RequestWithId, res?: ServerResponse): string {
  if (typeof req.id === 'string') return req.id;
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  req.id = id;
  if (res && !res.headersSent) res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}
