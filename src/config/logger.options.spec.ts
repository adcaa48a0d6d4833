import { Writable } from 'node:stream';
import { CLS_ID, ClsServiceManager } from 'nestjs-cls';
import pino from 'pino';
import { prettyLogs, REDACTED_PATHS, redactedUrl, requestIdOfLine } from './logger.options';

describe('log redaction', () => {
  it('blanks credentials in request headers and bodies', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = pino({ redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, sink);
    logger.info({
      req: { headers: { authorization: 'Bearer bps_secret', 'x-api-key': 'bpk_secret', cookie: 'sid=secret' } },
      body: { password: 'hunter2', raw_key: 'bpk_secret', access_token: 'bps_secret' },
    });
    expect(lines.join('')).not.toMatch(/secret|hunter2/);
    expect(lines.join('')).toContain('[redacted]');
  });
});

describe('prettyLogs', () => {
  it.each([
    ['development', undefined, true, true],
    ['development', undefined, false, false],
    ['test', undefined, true, false],
    ['development', false, true, false],
    ['development', true, false, true],
    ['production', true, true, false],
    ['production', undefined, true, false],
  ] as const)('NODE_ENV=%s LOG_PRETTY=%s on a terminal=%s: %s', (NODE_ENV, LOG_PRETTY, terminal, pretty) =>
    expect(prettyLogs({ NODE_ENV, LOG_PRETTY }, terminal)).toBe(pretty),
  );
});

describe('redactedUrl', () => {
  it.each([
    ['/api/v1/account', '/api/v1/account'],
    ['/api/v1/account?api_key=bpk_x&page=2', '/api/v1/account?api_key=[redacted]&page=2'],
    ['/a?page=1&access_token=bps_x&API%5FKEY=bpk_y', '/a?page=1&access_token=[redacted]&API%5FKEY=[redacted]'],
    ['/a?token', '/a?token=[redacted]'],
    ['/a?%E0%A4%A=1&search=key', '/a?%E0%A4%A=1&search=key'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactedUrl(url)).toBe(logged);
  });
});

describe('a line written while a request is served', () => {
  it("carries the request's id; one outside a request, and the request's own line, do not", () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const logger = pino({ mixin: requestIdOfLine }, sink);
    const cls = ClsServiceManager.getClsService();
    cls.run(() => {
      cls.set(CLS_ID, 'req-7');
      logger.warn({ company_id: 'c-1' }, 'Transaction collided; running it again');
      logger.info({ req: { id: 'req-7' } }, 'request completed');
    });
    logger.info('Listening');
    expect(lines[0]).toMatchObject({ request_id: 'req-7', company_id: 'c-1' });
    expect(lines[1]).not.toHaveProperty('request_id');
    expect(lines[2]).not.toHaveProperty('request_id');
  });
});
