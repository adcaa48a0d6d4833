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

/** A body that does not inflate as its Content-Encoding says: zlib's or brotli's error, which body-parser passes on untyped. */
function undecodable(error: unknown): boolean {
  const { status, code } = (error ?? {}) as { status?: unknown; code?: unknown };
  return status === 400 && typeof code === 'string' && /^(Z_|ERR_BROTLI|ERR__ERROR)/.test(code);
}

/**
 * Express error middleware mounted right after the JSON parser: it turns body-parser's errors
 * into AppExceptions before Nest would map a JSON SyntaxError to a bare 400.
 */
export function translateBodyParserErrors(error: unknown, req: Request, _res: Response, next: NextFunction): void {
  const type = (error as { type?: unknown } | null)?.type;
  if (typeof type === 'string' && BY_TYPE[type]) return next(BY_TYPE[type]());
  if (undecodable(error)) {
    const encoding = req.get('content-encoding') ?? 'encoded';
    return next(AppException.validation([{ field: 'body', message: `must be ${encoding}-encoded as declared` }]));
  }
  next(error);
}
