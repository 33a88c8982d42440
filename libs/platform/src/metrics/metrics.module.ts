import { Global, Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AddressAllowList } from './address-allow-list.js';
import { DataSourceMetrics } from './data-source-metrics.js';
import { METRICS_ALLOW_LIST, MetricsController } from './metrics.controller.js';
import { Metrics } from './metrics.port.js';
import { PromMetrics } from './prom-metrics.adapter.js';

export interface MetricsModuleOptions {
  /** Who may read GET /metrics (addresses, CIDR ranges, loopback/linklocal/uniquelocal); others get 404. */
  allow: readonly string[];
}

/**
 * Prometheus metrics for the process: one registry (PromMetrics) behind the Metrics port,
 * default process metrics, DataSource pool and outbox gauges, and GET /metrics for the allowed
 * scrapers. configureHttpApp times every request into it when the module is present.
 */
@Global()
@Module({})
export class MetricsModule {
  static forRoot(options: MetricsModuleOptions): DynamicModule {
    return {
      module: MetricsModule,
      imports: [DiscoveryModule],
      controllers: [MetricsController],
      providers: [
        { provide: PromMetrics, useFactory: () => new PromMetrics() },
        { provide: Metrics, useExisting: PromMetrics },
        { provide: METRICS_ALLOW_LIST, useValue: new AddressAllowList(options.allow) },
        DataSourceMetrics,
      ],
      exports: [Metrics],
    };
  }
}
