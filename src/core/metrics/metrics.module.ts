import { Global, Module } from '@nestjs/common';
import { MetricsExporter } from './metrics-exporter';
import { Metrics } from './metrics';
import { RequestTally } from '../http/request-tally';

/**
 * Prometheus metrics (see docs/operations.md, "Metrics") and the request tally the console's
 * server page reads; global so any provider can count.
 */
@Global()
@Module({
  providers: [Metrics, MetricsExporter, RequestTally],
  exports: [Metrics, RequestTally],
})
export class MetricsModule {}
