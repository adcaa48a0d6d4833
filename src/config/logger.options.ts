import type { IncomingMessage } from 'node:http';
import { RequestMethod } from '@nestjs/common';
import type { Params } from 'nestjs-pino';
import pino, { type Logger } from 'pino';
import type { CompanyRequest } from '../core/access/company-access';
import { requestIdOf } from '../core/http/request-id';
import type { Environment } from './environment';

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

type LogSettings = Pick<Environment, 'NODE_ENV' | 'LOG_LEVEL' | 'LOG_PRETTY'>;

/** JSON in production; otherwise LOG_PRETTY, or when unset pretty in development on a terminal. */
export function prettyLogs(settings: Pick<LogSettings, 'NODE_ENV' | 'LOG_PRETTY'>, stdoutIsTerminal: boolean): boolean {
  if (settings.NODE_ENV === 'production') return false;
  return settings.LOG_PRETTY ?? (settings.NODE_ENV === 'development' && stdoutIsTerminal);
}

function pinoPrettyInstalled(): boolean {
  try {
    require.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

let shared: Logger | undefined;

/**
 * The process's one pino logger. main.ts creates it from the validated settings before Nest
 * exists, for the zero-config lines; Nest's logger and the request log are children of the same
 * instance, so every line has one format and one ordered stream. Later calls return it as is.
 */
export function processLogger(settings: LogSettings): Logger {
  const options = { level: settings.LOG_LEVEL, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  shared ??=
    prettyLogs(settings, Boolean(process.stdout.isTTY)) && pinoPrettyInstalled()
      ? pino({ ...options, transport: { target: 'pino-pretty', options: { singleLine: true } } })
      : // Written off the event loop: a synchronous write per request line blocks every request in
        // flight whenever the disk or the pipe behind stdout stalls. pino flushes what is pending
        // at exit (process.exit after the drain included).
        pino(options, pino.destination({ dest: process.stdout.fd, sync: false }));
  return shared;
}

interface LoggedRequest {
  id: string;
  method: string;
  url: string;
  remoteAddress?: string;
}

/** Query parameters whose values are blanked in logged URLs: a client may put a credential there. */
const SECRET_PARAMETER = /key|token|secret|pass|auth|signature/i;

/** The URL with the value of every credential-looking query parameter blanked. */
export function redactedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const parameters = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0];
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the name as written.
      }
      return SECRET_PARAMETER.test(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, query)}?${parameters.join('&')}`;
}

/** A request as logged: no headers (noise on every line, and where credentials travel), no credential in the URL. */
export const requestSerializer = (req: LoggedRequest) => ({
  id: req.id,
  method: req.method,
  url: redactedUrl(req.url),
  remoteAddress: req.remoteAddress,
});

/** A request's completion line with the caller the guards identified, when they did. */
export function withCaller(req: IncomingMessage, line: object): object {
  const { auth, companyAccess } = req as unknown as CompanyRequest;
  return { ...line, account_id: auth?.account.id, company_id: companyAccess?.companyId };
}

export function loggerOptions(logger: Logger): Params {
  return {
    // Nest 11's path syntax; the library's default '*' logs a deprecation warning at start.
    forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
    pinoHttp: {
      logger,
      genReqId: (req, res) => requestIdOf(req, res),
      // On the completion line only, once the guards know the caller. (customProps would make
      // two more child loggers per request: one when it starts, one when it ends.)
      customSuccessObject: (req, _res, line: object) => withCaller(req, line),
      customErrorObject: (req, _res, _error, line: object) => withCaller(req, line),
      autoLogging: { ignore: (req) => /\/health(\/|\?|$)/.test(req.url ?? '') },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      serializers: {
        req: requestSerializer,
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    },
  };
}
