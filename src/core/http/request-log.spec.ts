import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { REDACTED_PATHS } from '../../config/logger.options';
import type { CompanyRequest } from '../access/company-access';
import { requestLog } from './request-log';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Requests through `requestLog` with the service's redaction; `handle` plays the guards and the route. */
async function logged(handle: Handler, send: (base: string) => Promise<unknown>): Promise<Record<string, any>[]> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const middleware = requestLog(pino({ redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, sink));
  const server = createServer((req, res) => middleware(req, res, () => handle(req, res)));
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  await send(`http://127.0.0.1:${port}`);
  server.closeAllConnections();
  await new Promise((closed) => server.close(closed));
  return lines.map((line) => JSON.parse(line) as Record<string, any>);
}

const answer =
  (status: number, identify: (req: CompanyRequest) => void = () => undefined): Handler =>
  (req, res) => {
    identify(req as unknown as CompanyRequest);
    res.statusCode = status;
    res.end('{}');
  };

const identified = (req: CompanyRequest) => {
  req.auth = { account: { id: 'a-1' }, credential: { kind: 'apiKey', apiKeyId: 'k-1' } } as CompanyRequest['auth'];
  req.companyAccess = { companyId: 'c-1' } as CompanyRequest['companyAccess'];
};

describe('requestLog', () => {
  it('writes one line a request: id, method, url with credentials blanked, address, no header', async () => {
    const lines = await logged(answer(200), (base) =>
      fetch(`${base}/api/v1/companies/c-1/modules/crm/clients?api_key=bpk_secret&page=2`, {
        headers: { authorization: 'Bearer bps_secret', 'x-request-id': 'req-1' },
      }),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: {
        id: 'req-1',
        method: 'GET',
        url: '/api/v1/companies/c-1/modules/crm/clients?api_key=[redacted]&page=2',
        remoteAddress: '127.0.0.1',
      },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(lines[0].req.headers).toBeUndefined();
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it.each([
    [200, 30, 'request completed'],
    [404, 40, 'request completed'],
    [500, 50, 'request errored'],
  ])('names the caller and the company the guards found (status %i: level %i)', async (status, level, msg) => {
    const [line] = await logged(answer(status, identified), (base) => fetch(`${base}/api/v1/x`));
    expect(line).toMatchObject({ level, msg, account_id: 'a-1', company_id: 'c-1', res: { statusCode: status } });
  });

  it('leaves the caller out when no guard identified one', async () => {
    const [line] = await logged(answer(401), (base) => fetch(`${base}/api/v1/account`));
    expect(line).not.toHaveProperty('account_id');
    expect(line).not.toHaveProperty('company_id');
    expect(line).toMatchObject({ level: 40, res: { statusCode: 401 } });
  });

  it('gives the request its id in X-Request-Id, the caller’s when well-formed', async () => {
    let ids: (string | null)[] = [];
    const lines = await logged(answer(200), async (base) => {
      const own = await fetch(`${base}/api/v1/x`, { headers: { 'x-request-id': 'trace.7' } });
      const fresh = await fetch(`${base}/api/v1/x`, { headers: { 'x-request-id': 'not valid!' } });
      ids = [own.headers.get('x-request-id'), fresh.headers.get('x-request-id')];
    });
    expect(ids[0]).toBe('trace.7');
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.map((line) => line.req.id)).toEqual(ids);
  });

  it('leaves the health probes out', async () => {
    const lines = await logged(answer(200), async (base) => {
      await fetch(`${base}/api/v1/health/live`);
      await fetch(`${base}/api/v1/health?x=1`);
      await fetch(`${base}/api/v1/healthy`);
    });
    expect(lines.map((line) => line.req.url)).toEqual(['/api/v1/healthy']);
  });

  it('logs a request whose client went away before the answer, once', async () => {
    let gone!: () => void;
    const closed = new Promise<void>((resolve) => (gone = resolve));
    const lines = await logged(
      (_req, res) => res.on('close', () => gone()),
      async (base) => {
        const aborted = new AbortController();
        const request = fetch(`${base}/api/v1/slow`, { signal: aborted.signal }).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 50));
        aborted.abort();
        await request;
        await closed;
      },
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request aborted', req: { url: '/api/v1/slow' } });
  });
});
