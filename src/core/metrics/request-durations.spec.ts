import { once } from 'node:events';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Histogram, Registry } from 'prom-client';
import { markUnhandledRequests, observeRequestDurations, routeTemplateOf, UNMATCHED_ROUTE } from './request-durations';

describe('observeRequestDurations', () => {
  let server: Server;
  let histogram: Histogram<'method' | 'route' | 'status_code'>;
  let base: string;

  beforeEach(async () => {
    const app = express();
    // Like Nest's middleware: a catch-all route that passes every request on.
    app.all('/{*path}', (_req, _res, next) => next());
    app.get('/things/:id', (_req, res) => void res.status(200).send('ok'));
    app.post('/things', (_req, res) => void res.status(201).send('created'));
    app.use(markUnhandledRequests);
    app.use((_req: unknown, res: express.Response) => void res.status(404).send('no route'));
    histogram = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'test',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers: [new Registry()],
    });
    server = createServer(app);
    observeRequestDurations(server, histogram);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => new Promise<void>((done) => server.close(() => done())));

  const counts = async () =>
    (await histogram.get()).values
      .filter((v) => v.metricName === 'http_request_duration_seconds_count')
      .map((v) => ({ ...v.labels, count: v.value }));

  it('observes each response once, labelled with the route template, never the raw path', async () => {
    for (const id of ['1', '2', '3']) await (await fetch(`${base}/things/${id}`)).text();
    await (await fetch(`${base}/things`, { method: 'POST' })).text();
    await (await fetch(`${base}/nowhere/42`)).text();

    expect(await counts()).toEqual(
      expect.arrayContaining([
        { method: 'GET', route: '/things/:id', status_code: 200, count: 3 },
        { method: 'POST', route: '/things', status_code: 201, count: 1 },
        { method: 'GET', route: UNMATCHED_ROUTE, status_code: 404, count: 1 },
      ]),
    );
    expect(await counts()).toHaveLength(3);
  });

  it('records the time until the response finished', async () => {
    const slow = express();
    slow.get('/slow', (_req, res) => void setTimeout(() => res.send('done'), 120));
    server.removeAllListeners('request');
    server.on('request', slow);
    observeRequestDurations(server, histogram);
    await (await fetch(`${base}/slow`)).text();

    const sum = (await histogram.get()).values.find((v) => v.metricName === 'http_request_duration_seconds_sum');
    expect(sum?.value).toBeGreaterThanOrEqual(0.1);
    expect(sum?.value).toBeLessThan(2);
  });
});

describe('routeTemplateOf', () => {
  it('is the matched route path, or "unmatched" when no route (or a non-string one) matched', () => {
    expect(routeTemplateOf({ route: { path: '/api/v1/companies/:id' } })).toBe('/api/v1/companies/:id');
    expect(routeTemplateOf({})).toBe(UNMATCHED_ROUTE);
    expect(routeTemplateOf({ route: { path: /regex/ } })).toBe(UNMATCHED_ROUTE);
  });
});
