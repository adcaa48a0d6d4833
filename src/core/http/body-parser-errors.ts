import type { NextFunction, Request, Response } from 'express';
import { AppException } from './app.exception';

/** body-parser's errors carry a `type`; these are the client's fault and get their own codes. */
const BY_TYPE: Record<string, () => AppException> = {
  'entity.parse.failed': () =>
    AppException.validation([{ field: 'body', message: 'must be valid JSON' }], 'Malformed JSON body'),
  'entity.too.large': () => new AppException('payload_too_large', 'Request body exceeds the 1 MiB limit'),
  'encoding.unsupported': () => AppException.validation([{ field: 'body', message: 'unsupported content encoding' }]),
  'charset.unsupported': () => AppException.validation([{ field: 'body', message: 'unsupported charset' }]),
};

/**
 * Express error middleware mounted right after the JSON parser: it turns body-parser's errors
 * into AppExceptions before Nest would map a JSON SyntaxError to a bare 400.
 */
export function translateBodyParserErrors(error: unknown, _req: Request, _res: Response, next: NextFunction): void {
  const type = (error as { type?: unknown } | null)?.type;
  next(typeof type === 'string' && BY_TYPE[type] ? BY_TYPE[type]() : error);
}
