import { Global, Module } from '@nestjs/common';
import { MetricsExporter } from './metrics-exporter';
import { Metrics } from './metrics';

/** Prometheus metrics (see docs/operations.md, "Metrics"); global so any provider can count. */
@Global()
@Module({
  providers: [Metrics, MetricsExporter],
  exports: [Metrics],
})
export class MetricsModule {}
