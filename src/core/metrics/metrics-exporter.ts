import { once } from 'node:events';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { HttpAdapterHost } from '@nestjs/core';
import { collectDefaultMetrics } from 'prom-client';
import type { Environment } from '../../config/environment';
import { Metrics } from './metrics';
import { markUnhandledRequests, observeRequestDurations } from './request-durations';

/**
 * With METRICS_PORT set, serves `GET /metrics` (Prometheus text format) on that port, apart
 * from the API so the ingress never exposes it, and starts timing requests. Unset, it does
 * nothing: no listener, no cost on the request path.
 */
@Injectable()
export class MetricsExporter implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Metrics');
  private server?: Server;

  constructor(
    private readonly metrics: Metrics,
    private readonly config: ConfigService<Environment, true>,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  async onModuleInit(): Promise<void> {
    const port = this.config.get('METRICS_PORT', { infer: true });
    if (port === undefined) return;
    // Process metrics: CPU, memory, heap, GC, handles, and event-loop lag (nodejs_eventloop_lag_*).
    collectDefaultMetrics({ register: this.metrics.registry });
    const http = this.adapterHost.httpAdapter;
    observeRequestDurations(http.getHttpServer(), this.metrics.httpRequestDuration);
    // Module init comes after Nest has mounted the routes and before its not-found handler.
    http.use(markUnhandledRequests);

    this.server = createServer((req, res) => void this.answer(req, res));
    this.server.listen(port);
    await once(this.server, 'listening');
    this.logger.log(`Prometheus metrics on port ${port} at /metrics`);
  }

  async onModuleDestroy(): Promise<void> {
    if (!this.server) return;
    this.server.close();
    this.server.closeAllConnections();
    await once(this.server, 'close');
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = req.url?.split('?', 1)[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    try {
      const body = await this.metrics.registry.metrics();
      res.writeHead(200, { 'content-type': this.metrics.registry.contentType }).end(body);
    } catch (error) {
      this.logger.error({ err: error }, 'Collecting metrics failed');
      res.writeHead(500, { 'content-type': 'text/plain' }).end('Collecting metrics failed\n');
    }
  }
}
