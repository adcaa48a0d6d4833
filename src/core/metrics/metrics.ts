import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { StorageService } from '../storage/storage.service';

/**
 * The service's own metrics. They live in a registry of their own rather than prom-client's
 * global one, so several applications in one process (the e2e tests) do not collide.
 * MetricsExporter serves them when METRICS_PORT is set.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  /** Its `_count` series is the request count: one observation per response, nothing else. */
  readonly httpRequestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to finishing its response, by method, route template and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [this.registry],
  });

  readonly apiKeyQuotaRefusals = new Counter({
    name: 'api_key_quota_refusals_total',
    help: 'Requests refused with 429 rate_limited because their API key had spent its daily quota',
    registers: [this.registry],
  });

  constructor(dataSource: DataSource, storage: StorageService) {
    // Read from the pg Pool at scrape time: nothing is counted on the request path.
    const pool = (): Pool | undefined => (dataSource.driver as PostgresDriver | undefined)?.master as Pool | undefined;
    this.gauge('db_pool_connections_in_use', 'Database connections checked out of the pool', () => {
      const current = pool();
      return current ? current.totalCount - current.idleCount : 0;
    });
    this.gauge(
      'db_pool_connections_idle',
      'Open database connections waiting in the pool',
      () => pool()?.idleCount ?? 0,
    );
    this.gauge(
      'db_pool_requests_waiting',
      'Queries waiting for a database connection because the pool is exhausted',
      () => pool()?.waitingCount ?? 0,
    );
    this.gauge(
      'storage_up',
      'Whether the object store answers (1) or was found not answering and is being probed (0)',
      () => (storage.state === 'up' ? 1 : 0),
    );
  }

  /** A gauge whose value is read when the metrics are scraped. */
  private gauge(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }
}
