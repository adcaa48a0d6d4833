import { RequestMethod } from '@nestjs/common';
import type { Params } from 'nestjs-pino';
import type { CompanyRequest } from '../core/access/company-access';
import { requestIdOf } from '../core/http/request-id';

/** Paths pino blanks out: credentials must never reach the logs. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.raw_key',
  '*.access_token',
  '*.key',
];

export function loggerOptions(level: string, pretty: boolean): Params {
  return {
    // Nest 11's path syntax; the library's default '*' logs a deprecation warning at start.
    forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
    pinoHttp: {
      level,
      genReqId: (req, res) => requestIdOf(req, res),
      // Evaluated again when the response finishes, after the guards identified the caller.
      customProps: (req) => {
        const { auth, companyAccess } = req as CompanyRequest;
        return { account_id: auth?.account.id, company_id: companyAccess?.companyId };
      },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      autoLogging: { ignore: (req) => (req.url ?? '').includes('/health/') },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      serializers: {
        req: (req: {
          id: string;
          method: string;
          url: string;
          headers: Record<string, unknown>;
          remoteAddress?: string;
        }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
          headers: req.headers,
          remoteAddress: req.remoteAddress,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      transport: pretty ? { target: 'pino-pretty', options: { singleLine: true } } : undefined,
    },
  };
}
