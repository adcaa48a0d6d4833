import type { ConfigService } from '@nestjs/config';
import { ClsServiceManager } from 'nestjs-cls';
import type { Params } from 'nestjs-pino';
import pino, { type Logger } from 'pino';
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

/** What the process logger is made from, out of the validated settings. */
export function logSettings(config: ConfigService<Environment, true>): LogSettings {
  return {
    NODE_ENV: config.get('NODE_ENV', { infer: true }),
    LOG_LEVEL: config.get('LOG_LEVEL', { infer: true }),
    LOG_PRETTY: config.get('LOG_PRETTY', { infer: true }),
  };
}

/**
 * A line written while a request is served gets the request's id (nestjs-cls keeps it, the same
 * as `X-Request-Id`), so an application message can be matched with its request; the request's
 * own line has it already, as `req.id`.
 */
export function requestIdOfLine(line: object): { request_id?: string } {
  const cls = ClsServiceManager.getClsService();
  return 'req' in line || !cls.isActive() ? {} : { request_id: cls.getId() };
}

let shared: Logger | undefined;

/**
 * The process's one pino logger. main.ts creates it from the validated settings before Nest
 * exists, for the zero-config lines; Nest's logger and the request log are children of the same
 * instance, so every line has one format and one ordered stream. Later calls return it as is.
 */
export function processLogger(settings: LogSettings): Logger {
  const options = {
    level: settings.LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    mixin: requestIdOfLine,
  };
  shared ??=
    prettyLogs(settings, Boolean(process.stdout.isTTY)) && pinoPrettyInstalled()
      ? pino({ ...options, transport: { target: 'pino-pretty', options: { singleLine: true } } })
      : // Written off the event loop: a synchronous write per request line blocks every request in
        // flight whenever the disk or the pipe behind stdout stalls. pino flushes what is pending
        // at exit (process.exit after the drain included).
        pino(options, pino.destination({ dest: process.stdout.fd, sync: false }));
  return shared;
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

/**
 * nestjs-pino gives Nest's logger (application messages, with their `context`) over the process
 * logger. Its request middleware (pino-http) is not mounted: request lines come from
 * `requestLog` (src/core/http/request-log.ts), which writes the same line for a fraction of the
 * cost (issue 29).
 */
export function loggerOptions(logger: Logger): Params {
  return { pinoHttp: { logger }, forRoutes: [] };
}
