import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { pinoHttp, type Options } from 'pino-http';
import type { CompanyRequest } from '../core/access/company-access';
import { loggerOptions, prettyLogs, REDACTED_PATHS, redactedUrl, requestSerializer } from './logger.options';

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

describe('request log lines', () => {
  it('keep id, method, url and address, and leave every header out', () => {
    const logged = requestSerializer({
      id: 'req-1',
      method: 'GET',
      url: '/api/v1/account',
      remoteAddress: '127.0.0.1',
      headers: { authorization: 'Bearer bps_secret', 'user-agent': 'curl/8' },
    } as Parameters<typeof requestSerializer>[0]);
    expect(logged).toEqual({ id: 'req-1', method: 'GET', url: '/api/v1/account', remoteAddress: '127.0.0.1' });
  });
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

describe('request completion lines', () => {
  /** One request through pino-http with the service's options; the guards' work is `identify`. */
  async function completionLine(
    status: number,
    identify: (req: CompanyRequest) => void,
  ): Promise<Record<string, unknown>> {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const middleware = pinoHttp(loggerOptions(pino(sink)).pinoHttp as Options);
    const server = createServer((req, res) =>
      middleware(req, res, () => {
        identify(req as unknown as CompanyRequest);
        res.statusCode = status;
        res.end();
      }),
    );
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const { port } = server.address() as AddressInfo;
    await fetch(`http://127.0.0.1:${port}/api/v1/companies/c-1/modules/crm/clients?api_key=bpk_secret`);
    await new Promise((closed) => server.close(closed));
    return JSON.parse(lines.at(-1)!);
  }

  const identified = (req: CompanyRequest) => {
    req.auth = { account: { id: 'a-1' }, credential: { kind: 'apiKey', apiKeyId: 'k-1' } } as CompanyRequest['auth'];
    req.companyAccess = { companyId: 'c-1' } as CompanyRequest['companyAccess'];
  };

  it.each([200, 404, 500])('name the caller and the company the guards found (status %i)', async (status) => {
    const line = await completionLine(status, identified);
    expect(line).toMatchObject({ account_id: 'a-1', company_id: 'c-1', res: { statusCode: status } });
    expect(JSON.stringify(line)).not.toContain('bpk_secret');
  });

  it('leave the caller out when no guard identified one', async () => {
    const line = await completionLine(401, () => undefined);
    expect(line).not.toHaveProperty('account_id');
    expect(line).toMatchObject({ res: { statusCode: 401 } });
  });
});
