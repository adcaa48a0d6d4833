import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { redactedUrl } from '../../config/logger.options';
import type { CompanyRequest } from '../access/company-access';
import { requestIdOf } from './request-id';
import type { RequestTally } from './request-tally';

/** Probes are polled every few seconds: a line each would drown the requests. */
const PROBE_PATH = /\/health(\/|\?|$)/;

const STARTED_AT = Symbol('requestStartedAt');

type LoggedResponse = ServerResponse<IncomingMessage & Partial<CompanyRequest>> & { [STARTED_AT]: number };

/** The level of a request's line: info for 1xx-3xx, warn for 4xx, error for 5xx (docs/operations.md, "Logs"). */
function levelOfStatus(status: number): 'info' | 'warn' | 'error' {
  return status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
}

/**
 * A request's completion line: the request without its headers (noise on every line, and where
 * credentials travel) and without a credential in its URL, the caller and company the guards
 * identified when they did, the status and the time it took.
 */
function completionLine(req: IncomingMessage & Partial<CompanyRequest>, res: ServerResponse, ms: number) {
  return {
    req: { id: req.id, method: req.method, url: redactedUrl(req.url ?? ''), remoteAddress: req.socket?.remoteAddress },
    res: { statusCode: res.statusCode },
    responseTime: ms,
    account_id: req.auth?.account.id,
    company_id: req.companyAccess?.companyId,
  };
}

/**
 * Express middleware, mounted first: gives every request its id (echoed in `X-Request-Id`) and
 * logs one line when its response ends or its connection closes before that, counting it in the
 * application's tally (the console's server page). One call on the process logger, no child
 * logger, one shared listener: pino-http, which did this before, built two child loggers and
 * serialised the request twice per request, a fifth of the CPU of a list request (issue 29).
 */
export function requestLog(logger: Logger, tally?: RequestTally) {
  function logCompletion(this: LoggedResponse): void {
    this.off('finish', logCompletion);
    this.off('close', logCompletion);
    const req = this.req;
    const ms = Date.now() - this[STARTED_AT];
    tally?.record(this.statusCode, ms);
    const line = completionLine(req, this, ms);
    const aborted = req.readableAborted || !this.writableEnded;
    const level = levelOfStatus(this.statusCode);
    logger[level](line, aborted ? 'request aborted' : level === 'error' ? 'request errored' : 'request completed');
  }
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    requestIdOf(req, res);
    if (!PROBE_PATH.test(req.url ?? '')) {
      (res as LoggedResponse)[STARTED_AT] = Date.now();
      res.on('finish', logCompletion);
      res.on('close', logCompletion);
    }
    next();
  };
}
